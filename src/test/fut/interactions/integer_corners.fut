-- Integer corner cases: abs of the minimum, // and %% versus / and %, shifts of negatives, wrapping.
-- ==
-- input { -7i32 2i32 }
-- output { -2147483648i32 -4i32 1i32 -3i32 -1i32 -4i32 2147483644i32 -9223372036854775808i64 3i32 }
entry main (a: i32) (b: i32) : (i32, i32, i32, i32, i32, i32, i32, i64, i32) =
  (i32.abs i32.lowest, a / b, a % b, a // b, a %% b, a >> 1, a i32.>>> 1, i64.highest + 1, i32.popc 7)
