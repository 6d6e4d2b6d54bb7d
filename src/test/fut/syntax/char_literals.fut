-- Character literals are integers of the code point.
-- ==
-- input { 0i32 }
-- output { 97i32 25i32 120u8 32i32 }
entry main (x: i32) : (i32, i32, u8, i32) =
  ('a' + x, 'Z' - 'A', 'x', ' ')
