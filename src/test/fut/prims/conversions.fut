-- Conversions between numeric types.
-- ==
-- input { 4294967297i64 -2.7 300i32 }
-- output { 1i32 -2i32 44u8 300.0f32 1i64 }
entry main (big: i64) (x: f64) (k: i32) : (i32, i32, u8, f32, i64) =
  (i32.i64 big, i32.f64 x, u8.i32 k, f32.i32 k, i64.bool true)
