-- f32.sum, product, maximum, minimum; abs, sgn and neg.
-- ==
-- input { [1.5f32, -2.25f32, 4.0f32, 0.5f32, 3.0f32] }
-- output { 6.75f32 -20.25f32 4.0f32 -2.25f32 [1.5f32, 2.25f32, 4.0f32, 0.5f32, 3.0f32] [1.0f32, -1.0f32, 1.0f32, 1.0f32, 1.0f32] [-1.5f32, 2.25f32, -4.0f32, -0.5f32, -3.0f32] }
entry main (xs: []f32) : (f32, f32, f32, f32, []f32, []f32, []f32) =
  (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs, map f32.abs xs, map f32.sgn xs, map f32.neg xs)
