-- Hexadecimal integer literals, upper and lower case, with suffixes and separators.
-- ==
-- input { 1i32 }
-- output { 256i32 26i32 255u8 3735928559i64 171u16 }
entry main (x: i32) : (i32, i32, u8, i64, u16) =
  (0xff + x, 0X1A, 0xffu8, 0xdead_beefi64, 0xA_Bu16)
