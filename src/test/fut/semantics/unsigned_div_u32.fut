-- u32 division, remainder and comparison treat the high bit as magnitude, not sign.
-- ==
-- input { [4294967295u32, 7u32, 100u32, 4294967294u32] [2u32, 3u32, 4294967295u32, 4294967295u32] }
-- output { [2147483647u32, 2u32, 0u32, 0u32] [1u32, 1u32, 100u32, 4294967294u32] [2147483647u32, 2u32, 0u32, 0u32] [false, false, true, true] }
entry main [n] (a: [n]u32) (b: [n]u32) : ([]u32, []u32, []u32, []bool) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (<) a b)
