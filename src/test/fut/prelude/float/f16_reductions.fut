-- f16.sum, product, maximum, minimum; abs, sgn and neg.
-- ==
-- input { [1.5f16, -2.25f16, 4.0f16, 0.5f16, 3.0f16] }
-- output { 6.75f16 -20.25f16 4.0f16 -2.25f16 [1.5f16, 2.25f16, 4.0f16, 0.5f16, 3.0f16] [1.0f16, -1.0f16, 1.0f16, 1.0f16, 1.0f16] [-1.5f16, 2.25f16, -4.0f16, -0.5f16, -3.0f16] }
entry main (xs: []f16) : (f16, f16, f16, f16, []f16, []f16, []f16) =
  (f16.sum xs, f16.product xs, f16.maximum xs, f16.minimum xs, map f16.abs xs, map f16.sgn xs, map f16.neg xs)
