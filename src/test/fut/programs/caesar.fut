-- A Caesar shift that also swaps case, on u8 with character literals, and its inverse with a negative key (floor %).
-- ==
-- input { [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8, 32u8, 120u8, 121u8, 122u8] 3i32 }
-- output { [107u8, 72u8, 79u8, 79u8, 82u8, 44u8, 32u8, 122u8, 82u8, 85u8, 79u8, 71u8, 33u8, 32u8, 65u8, 66u8, 67u8] [72u8, 101u8, 108u8, 108u8, 111u8, 44u8, 32u8, 87u8, 111u8, 114u8, 108u8, 100u8, 33u8, 32u8, 120u8, 121u8, 122u8] }
def shift (k: i32) (c: u8) : u8 =
  if c >= 'a' && c <= 'z' then u8.i32 ((i32.u8 (c - 'a') + k) % 26) + 'A'
  else if c >= 'A' && c <= 'Z' then u8.i32 ((i32.u8 (c - 'A') + k) % 26) + 'a'
  else c

entry main [n] (s: [n]u8) (k: i32) : ([n]u8, [n]u8) =
  let enc = map (shift k) s
  in (enc, map (shift (-k)) enc)
