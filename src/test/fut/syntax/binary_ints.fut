-- Binary integer literals with separators and suffixes.
-- ==
-- input { 0i32 }
-- output { 10i32 7i32 240u8 4096i64 }
entry main (x: i32) : (i32, i32, u8, i64) =
  (0b1010 + x, 0B111, 0b1111_0000u8, 0b1_0000_0000_0000i64)
