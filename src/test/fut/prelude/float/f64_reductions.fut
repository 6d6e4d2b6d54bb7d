-- f64.sum, product, maximum, minimum; abs, sgn and neg.
-- ==
-- input { [1.5f64, -2.25f64, 4.0f64, 0.5f64, 3.0f64] }
-- output { 6.75f64 -20.25f64 4.0f64 -2.25f64 [1.5f64, 2.25f64, 4.0f64, 0.5f64, 3.0f64] [1.0f64, -1.0f64, 1.0f64, 1.0f64, 1.0f64] [-1.5f64, 2.25f64, -4.0f64, -0.5f64, -3.0f64] }
entry main (xs: []f64) : (f64, f64, f64, f64, []f64, []f64, []f64) =
  (f64.sum xs, f64.product xs, f64.maximum xs, f64.minimum xs, map f64.abs xs, map f64.sgn xs, map f64.neg xs)
