-- u32 shifts: << discards high bits, >> is logical.
-- ==
-- input { [5u32, 1u32, 4294967295u32, 7u32, 2147483648u32] [0u32, 1u32, 3u32, 31u32, 16u32] }
-- output { [5u32, 2u32, 4294967288u32, 2147483648u32, 0u32] [5u32, 0u32, 536870911u32, 0u32, 32768u32] }
entry main [n] (xs: [n]u32) (ss: [n]u32) : ([]u32, []u32) = (map2 (<<) xs ss, map2 (>>) xs ss)
