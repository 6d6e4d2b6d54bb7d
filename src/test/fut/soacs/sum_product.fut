-- Numeric module reductions.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0] }
-- output { 10.0 24.0 4.0 1.0 }
entry main (xs: []f64) : (f64, f64, f64, f64) =
  (f64.sum xs, f64.product xs, f64.maximum xs, f64.minimum xs)
