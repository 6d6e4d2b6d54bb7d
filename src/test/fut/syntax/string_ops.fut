-- Strings can be mapped over and compared like any other array.
-- ==
-- input { [97u8, 98u8, 99u8] }
-- output { [65u8, 66u8, 67u8] true }
-- input { [97u8, 88u8, 99u8] }
-- output { [65u8, 88u8, 67u8] false }
def upper (c: u8) : u8 = if c >= 'a' && c <= 'z' then c - 32 else c
entry main (s: []u8) : ([]u8, bool) =
  (map upper s, s == "abc")
