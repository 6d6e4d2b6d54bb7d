-- x + 1 > x is false at the maximum value: overflow wraps and must not be folded away.
-- ==
-- input { 2147483647i32 9223372036854775807i64 127i8 }
-- output { false false false }
-- input { 0i32 0i64 0i8 }
-- output { true true true }
entry main (a: i32) (b: i64) (c: i8) : (bool, bool, bool) = (a + 1 > a, b + 1 > b, c + 1 > c)
