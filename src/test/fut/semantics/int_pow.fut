-- Integer ** is repeated multiplication and wraps.
-- ==
-- input { 3i32 4i32 }
-- output { 81i32 217u8 1099511627776i64 }
-- input { 2i32 31i32 }
-- output { -2147483648i32 217u8 1099511627776i64 }
entry main (b: i32) (e: i32) : (i32, u8, i64) = (b ** e, 3u8 ** 6, 2i64 ** 40)
