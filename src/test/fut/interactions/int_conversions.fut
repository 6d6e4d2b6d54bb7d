-- Conversions between integer types of all widths: truncation, sign and zero extension (a signed
-- value converted to a wider unsigned type is zero-extended, as in the prelude of today's Futhark).
-- ==
-- input { 300i32 -1i8 70000u32 -3i32 }
-- output { 44i8 255u64 4464i16 253u8 -1i8 200i32 255u64 -1i64 255u16 }
entry main (a: i32) (b: i8) (c: u32) (d: i32) : (i8, u64, i16, u8, i8, i32, u64, i64, u16) =
  (i8.i32 a, u64.i8 b, i16.u32 c, u8.i32 d, i8.u16 65535u16, i32.u8 200u8, u64.u8 (u8.i8 b),
   i64.i8 b, u16.i8 b)
