-- NaN is unordered: all comparisons with NaN are false except !=.
-- ==
-- input { 1.0f64 }
-- output { false true false false false true }
entry main (x: f64) : (bool, bool, bool, bool, bool, bool) =
  let n = f64.nan in (n == n, n != n, n < x, n > x, n <= n, f64.isnan (n + x))
