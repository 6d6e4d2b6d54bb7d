-- Conversions to and from bool at several widths.
-- ==
-- input { 5i32 0i64 } output { true false 1i32 0u8 true 1.0f32 false }
entry main (a: i32) (b: i64) : (bool, bool, i32, u8, bool, f32, bool) =
  (bool.i32 a, bool.i64 b, i32.bool (a > 0), u8.bool (b > 0), bool.f64 0.5, f32.bool true, bool.u8 0u8)
