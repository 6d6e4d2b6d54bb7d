-- Bitwise operators bind looser than shifts, which bind looser than + and -; all bind tighter than ==.
-- ==
-- input { 6i32 } output { 7i32 8i32 true 14i32 2i32 false }
entry main (x: i32) : (i32, i32, bool, i32, i32, bool) =
  (1 | 2 + 4, 1 << 2 + 1, x & 1 == 0, x | 8 ^ 0, x & 3, x ^ 6 != 0)
