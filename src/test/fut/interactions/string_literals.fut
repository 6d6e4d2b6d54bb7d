-- String literals are UTF-8 encoded []u8 arrays.
-- ==
-- input { 0i64 } output { 6i64 104u8 [104u8, 105u8] 195u8 [34u8, 92u8] }
entry main (i: i64) : (i64, u8, []u8, u8, []u8) =
  let s = "héllo"
  in (length s, s[i], "hi", s[i + 1], "\"\\")
