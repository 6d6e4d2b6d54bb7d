-- u8.popc, clz, ctz, get_bit and set_bit on every bit position class.
-- ==
-- input { [0u8, 1u8, 5u8, 7u8, 100u8, 255u8, 254u8, 128u8, 42u8, 48u8] [0i32, 3i32, 6i32, 1i32, 4i32, 7i32, 2i32, 5i32, 0i32, 3i32] }
-- output { [0i32, 1i32, 2i32, 3i32, 3i32, 8i32, 7i32, 1i32, 3i32, 2i32] [8i32, 7i32, 5i32, 5i32, 1i32, 0i32, 0i32, 0i32, 2i32, 2i32] [8i32, 0i32, 0i32, 0i32, 2i32, 0i32, 1i32, 7i32, 1i32, 4i32] [0i32, 0i32, 0i32, 1i32, 0i32, 1i32, 1i32, 0i32, 0i32, 0i32] [1u8, 9u8, 69u8, 7u8, 116u8, 255u8, 254u8, 160u8, 43u8, 56u8] [0u8, 1u8, 5u8, 5u8, 100u8, 127u8, 250u8, 128u8, 42u8, 48u8] }
entry main [n] (xs: [n]u8) (bs: [n]i32) : ([]i32, []i32, []i32, []i32, []u8, []u8) =
  (map u8.popc xs, map u8.clz xs, map u8.ctz xs,
   map2 (\x b -> u8.get_bit b x) xs bs,
   map2 (\x b -> u8.set_bit b x 1) xs bs,
   map2 (\x b -> u8.set_bit b x 0) xs bs)
