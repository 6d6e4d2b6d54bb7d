-- f16 conversions to and from f32, f64 and integers.
-- ==
-- input { 0.1f32 3i32 }
-- output { 0.0999755859375f16 0.0999755859375f32 3.0f64 0i32 3.0f16 }
entry main (x: f32) (n: i32) : (f16, f32, f64, i32, f16) = (f16.f32 x, f32.f16 (f16.f32 x), f64.f16 (f16.i32 n), i32.f16 (f16.f32 x), f16.i32 n)
