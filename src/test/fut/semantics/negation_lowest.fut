-- Negating the lowest value of a signed type yields the same value.
-- ==
-- input { -128i8 -2147483648i32 -9223372036854775808i64 }
-- output { -128i8 -2147483648i32 -9223372036854775808i64 }
entry main (a: i8) (b: i32) (c: i64) : (i8, i32, i64) = (-a, -b, -c)
