-- Integer arithmetic wraps at each width.
-- ==
-- input { 127i8 32767i16 2147483647i32 9223372036854775807i64 }
-- output { -128i8 -32768i16 -2147483648i32 -9223372036854775808i64 }
entry main (a: i8) (b: i16) (c: i32) (d: i64) : (i8, i16, i32, i64) = (a + 1, b + 1, c + 1, d + 1)
