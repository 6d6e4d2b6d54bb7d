-- u16.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0u16, 1u16, 5u16, 7u16, 100u16, 65535u16, 65534u16, 32768u16, 42u16, 12288u16] [12288u16, 42u16, 32768u16, 65534u16, 65535u16, 100u16, 7u16, 5u16, 1u16, 0u16] }
-- output { [0u16, 0u16, 2u16, 6u16, 99u16, 99u16, 6u16, 2u16, 0u16, 0u16] [0u16, 1u16, 7u16, 13u16, 199u16, 98u16, 4u16, 32770u16, 42u16, 12288u16] }
entry main [n] (xs: [n]u16) (ys: [n]u16) : ([]u16, []u16) =
  (map2 u16.mul_hi xs ys, map2 (\a b -> u16.mad_hi a b a) xs ys)
