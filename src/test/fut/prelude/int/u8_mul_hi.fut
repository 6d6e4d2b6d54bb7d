-- u8.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0u8, 1u8, 5u8, 7u8, 100u8, 255u8, 254u8, 128u8, 42u8, 48u8] [48u8, 42u8, 128u8, 254u8, 255u8, 100u8, 7u8, 5u8, 1u8, 0u8] }
-- output { [0u8, 0u8, 2u8, 6u8, 99u8, 99u8, 6u8, 2u8, 0u8, 0u8] [0u8, 1u8, 7u8, 13u8, 199u8, 98u8, 4u8, 130u8, 42u8, 48u8] }
entry main [n] (xs: [n]u8) (ys: [n]u8) : ([]u8, []u8) =
  (map2 u8.mul_hi xs ys, map2 (\a b -> u8.mad_hi a b a) xs ys)
