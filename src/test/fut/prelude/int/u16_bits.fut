-- u16.popc, clz, ctz, get_bit and set_bit on every bit position class.
-- ==
-- input { [0u16, 1u16, 5u16, 7u16, 100u16, 65535u16, 65534u16, 32768u16, 42u16, 12288u16] [0i32, 3i32, 6i32, 9i32, 12i32, 15i32, 2i32, 5i32, 8i32, 11i32] }
-- output { [0i32, 1i32, 2i32, 3i32, 3i32, 16i32, 15i32, 1i32, 3i32, 2i32] [16i32, 15i32, 13i32, 13i32, 9i32, 0i32, 0i32, 0i32, 10i32, 2i32] [16i32, 0i32, 0i32, 0i32, 2i32, 0i32, 1i32, 15i32, 1i32, 12i32] [0i32, 0i32, 0i32, 0i32, 0i32, 1i32, 1i32, 0i32, 0i32, 0i32] [1u16, 9u16, 69u16, 519u16, 4196u16, 65535u16, 65534u16, 32800u16, 298u16, 14336u16] [0u16, 1u16, 5u16, 7u16, 100u16, 32767u16, 65530u16, 32768u16, 42u16, 12288u16] }
entry main [n] (xs: [n]u16) (bs: [n]i32) : ([]i32, []i32, []i32, []i32, []u16, []u16) =
  (map u16.popc xs, map u16.clz xs, map u16.ctz xs,
   map2 (\x b -> u16.get_bit b x) xs bs,
   map2 (\x b -> u16.set_bit b x 1) xs bs,
   map2 (\x b -> u16.set_bit b x 0) xs bs)
