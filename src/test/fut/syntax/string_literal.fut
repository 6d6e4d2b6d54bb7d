-- String literals are []u8 arrays of UTF-8 bytes (non-ASCII characters take two bytes).
-- ==
-- input { 0i64 }
-- output { [104u8, 101u8, 108u8, 108u8, 111u8] 3i64 [65u8, 98u8, 99u8] }
entry main (n: i64) : ([]u8, i64, []u8) =
  let s = "hello"
  in (s, length "æb" + n, "Ab" ++ "c")
