-- u16 arithmetic wraps around modulo 2^16 (add, subtract, multiply, negate).
-- ==
-- input { [65535u16, 0u16, 65535u16, 3u16, 0u16] [1u16, 1u16, 2u16, 65535u16, 65535u16] }
-- output { [0u16, 1u16, 1u16, 2u16, 65535u16] [65534u16, 65535u16, 65533u16, 4u16, 1u16] [65535u16, 0u16, 65534u16, 65533u16, 0u16] [1u16, 0u16, 1u16, 65533u16, 0u16] }
entry main [n] (a: [n]u16) (b: [n]u16) : ([]u16, []u16, []u16, []u16) =
  (map2 (+) a b, map2 (-) a b, map2 (*) a b, map (\x -> -x) a)
