-- Escape sequences in string and character literals.
-- ==
-- input { } output { [9u8, 10u8, 92u8, 34u8, 39u8] 5i64 [206u8, 187u8] 0u8 }
entry main : ([]u8, i64, []u8, u8) =
  let s = "\t\n\\\"'"
  in (s, length s, "λ", '\0')
