-- Single precision arithmetic stays single precision.
-- ==
-- input { [1.5f32, 2.25f32] }
-- output { 3.75f32 3.375f32 }
entry main (xs: []f32) : (f32, f32) = (f32.sum xs, f32.product xs)
