-- f32 arithmetic rounds to single precision (2^24 + 1 is not representable).
-- ==
-- input { 16777216.0f32 }
-- output { 16777216.0f32 true 0.0f64 }
entry main (x: f32) : (f32, bool, f64) = (x + 1, x + 1 == x, f64.f32 (x + 1) - f64.f32 x)
