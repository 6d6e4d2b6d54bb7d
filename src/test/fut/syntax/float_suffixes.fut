-- Float type suffixes and exponent notation.
-- ==
-- input { 1.0f64 }
-- output { 1.5f16 2.25f32 4.125f64 133700.0f64 0.25f32 }
entry main (x: f64) : (f16, f32, f64, f64, f32) =
  (1.5f16, 2.25f32, 3.125f64 + x, 1337e2f64, 2.5e-1f32)
