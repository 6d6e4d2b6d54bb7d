-- Conversions between signed and unsigned types reinterpret or extend as in two's complement; as in
-- the reference's prelude, a conversion to an unsigned type zero-extends (u32.i8 (-1) is 255).
-- ==
-- input { -1i8 200u8 }
-- output { 255u8 -56i8 -1i32 200i32 255u32 255i64 }
entry main (x: i8) (y: u8) : (u8, i8, i32, i32, u32, i64) =
  (u8.i8 x, i8.u8 y, i32.i8 x, i32.u8 y, u32.i8 x, i64.u32 (u32.i8 x))
