-- NaN propagates through arithmetic, f64.min/max return the other operand, and sum is NaN.
-- ==
-- input { [1.0f64, 2.0f64] }
-- output { true true 1.0f64 2.0f64 }
entry main (xs: []f64) : (bool, bool, f64, f64) =
  let n = f64.nan
  in (f64.isnan (n * 0), f64.isnan (f64.sum (xs ++ [n])), f64.min n 1.0, f64.max 2.0 n)
