-- >>> (i32.>>>, i8.>>>) is a logical right shift even for signed types.
-- ==
-- input { -16i32 -2i8 }
-- output { 15i32 127i8 -1i32 }
entry main (x: i32) (y: i8) : (i32, i8, i32) = (x i32.>>> 28, y i8.>>> 1, x >> 28)
