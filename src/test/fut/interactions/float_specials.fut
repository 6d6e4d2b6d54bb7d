-- NaN comparisons, isnan/isinf, min/max with NaN, negative zero and rounding of negatives.
-- ==
-- input { -2.5f64 } output { false true true 1.0f64 -2.0f64 -3.0f64 true false -0.0f64 }
entry main (x: f64) : (bool, bool, bool, f64, f64, f64, bool, bool, f64) =
  let nan = f64.nan
  in (nan == nan, f64.isnan (nan + 1), f64.isinf (1 / 0), f64.max nan 1.0, f64.round x, f64.floor x,
      -0.0 == 0.0f64, f64.sgn x > 0, -0.0f64)
