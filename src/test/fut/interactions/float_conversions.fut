-- Conversions between floats and integers and between float widths.
-- ==
-- input { -7.9f64 200.5f32 }
-- output { -7i64 200u8 -7.0f32 0.0999755859375f16 1.5f64 4294967296.0f32 -32768i16 200i32 }
entry main (x: f64) (y: f32) : (i64, u8, f32, f16, f64, f32, i16, i32) =
  (i64.f64 x, u8.f32 y, f32.i64 (-7), f16.f64 0.1, f64.f16 1.5f16, f32.u32 4294967295u32,
   i16.f64 (-32768.9), i32.f32 y)
