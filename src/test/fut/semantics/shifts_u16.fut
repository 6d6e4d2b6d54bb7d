-- u16 shifts: << discards high bits, >> is logical.
-- ==
-- input { [5u16, 1u16, 65535u16, 7u16, 32768u16] [0u16, 1u16, 3u16, 15u16, 8u16] }
-- output { [5u16, 2u16, 65528u16, 32768u16, 0u16] [5u16, 0u16, 8191u16, 0u16, 128u16] }
entry main [n] (xs: [n]u16) (ss: [n]u16) : ([]u16, []u16) = (map2 (<<) xs ss, map2 (>>) xs ss)
