-- NaN and infinity.
-- ==
-- input { 0.0 }
-- output { true true false }
entry main (z: f64) : (bool, bool, bool) =
  (f64.isnan (z / z), f64.isinf (1 / z), f64.nan == f64.nan)
