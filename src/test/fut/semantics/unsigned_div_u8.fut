-- u8 division, remainder and comparison treat the high bit as magnitude, not sign.
-- ==
-- input { [255u8, 7u8, 100u8, 254u8] [2u8, 3u8, 255u8, 255u8] }
-- output { [127u8, 2u8, 0u8, 0u8] [1u8, 1u8, 100u8, 254u8] [127u8, 2u8, 0u8, 0u8] [false, false, true, true] }
entry main [n] (a: [n]u8) (b: [n]u8) : ([]u8, []u8, []u8, []bool) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (<) a b)
