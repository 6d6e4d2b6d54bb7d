-- u8 arithmetic wraps around modulo 2^8 (add, subtract, multiply, negate).
-- ==
-- input { [255u8, 0u8, 255u8, 3u8, 0u8] [1u8, 1u8, 2u8, 255u8, 255u8] }
-- output { [0u8, 1u8, 1u8, 2u8, 255u8] [254u8, 255u8, 253u8, 4u8, 1u8] [255u8, 0u8, 254u8, 253u8, 0u8] [1u8, 0u8, 1u8, 253u8, 0u8] }
entry main [n] (a: [n]u8) (b: [n]u8) : ([]u8, []u8, []u8, []u8) =
  (map2 (+) a b, map2 (-) a b, map2 (*) a b, map (\x -> -x) a)
