-- Unary minus and logical/bitwise not.
-- ==
-- input { 3i32 true }
-- output { -3i32 7i32 false -4i32 255u8 }
entry main (x: i32) (b: bool) : (i32, i32, bool, i32, u8) =
  (-x, - (x - 10), !b, !x, !0u8)
