-- Every integer type suffix on decimal literals.
-- ==
-- input { 10i32 }
-- output { 1i8 2i16 13i32 4i64 5u8 6u16 7u32 8u64 }
entry main (x: i32) : (i8, i16, i32, i64, u8, u16, u32, u64) =
  (1i8, 2i16, 3i32 + x, 4i64, 5u8, 6u16, 7u32, 8u64)
