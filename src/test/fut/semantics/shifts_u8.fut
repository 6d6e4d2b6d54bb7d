-- u8 shifts: << discards high bits, >> is logical.
-- ==
-- input { [5u8, 1u8, 255u8, 7u8, 128u8] [0u8, 1u8, 3u8, 7u8, 4u8] }
-- output { [5u8, 2u8, 248u8, 128u8, 0u8] [5u8, 0u8, 31u8, 0u8, 8u8] }
entry main [n] (xs: [n]u8) (ss: [n]u8) : ([]u8, []u8) = (map2 (<<) xs ss, map2 (>>) xs ss)
