-- u32.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0u32, 1u32, 5u32, 7u32, 100u32, 4294967295u32, 4294967294u32, 2147483648u32, 42u32, 805306368u32] [805306368u32, 42u32, 2147483648u32, 4294967294u32, 4294967295u32, 100u32, 7u32, 5u32, 1u32, 0u32] }
-- output { [0u32, 0u32, 2u32, 6u32, 99u32, 99u32, 6u32, 2u32, 0u32, 0u32] [0u32, 1u32, 7u32, 13u32, 199u32, 98u32, 4u32, 2147483650u32, 42u32, 805306368u32] }
entry main [n] (xs: [n]u32) (ys: [n]u32) : ([]u32, []u32) =
  (map2 u32.mul_hi xs ys, map2 (\a b -> u32.mad_hi a b a) xs ys)
