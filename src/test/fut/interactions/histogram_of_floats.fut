-- A histogram of floats into equal-width bins computed with conversions, clamped with i64.min.
-- ==
-- input { [0.1f32, 0.45f32, 0.5f32, 0.99f32, 1.0f32, 0.3f32] 4i64 } output { [1i32, 2i32, 1i32, 2i32] }
entry main [n] (xs: [n]f32) (k: i64) : []i32 =
  let bins = map (\x -> i64.min (k - 1) (i64.f32 (x * f32.i64 k))) xs
  in hist (+) 0 k bins (replicate n 1)
