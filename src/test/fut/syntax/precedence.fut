-- Precedence of the built-in operators: bitwise binds tighter than comparison, shifts tighter than bitwise, arithmetic tighter than shifts.
-- ==
-- input { 4i32 }
-- output { true 5i32 8i32 11i32 true }
entry main (x: i32) : (bool, i32, i32, i32, bool) =
  (x & 1 == 0, 1 | 2 << 1, 1 + 1 << 2, 2 + 3 * 4 - 6 / 2, x > 2 || x < 0 && false)
