-- i16.popc, clz, ctz, get_bit and set_bit on every bit position class.
-- ==
-- input { [0i16, 1i16, -1i16, 5i16, -7i16, 100i16, -32768i16, 32767i16, 42i16, -16384i16] [0i32, 3i32, 6i32, 9i32, 12i32, 15i32, 2i32, 5i32, 8i32, 11i32] }
-- output { [0i32, 1i32, 16i32, 2i32, 14i32, 3i32, 1i32, 15i32, 3i32, 2i32] [16i32, 15i32, 0i32, 13i32, 0i32, 9i32, 0i32, 1i32, 10i32, 0i32] [16i32, 0i32, 0i32, 0i32, 0i32, 2i32, 15i32, 0i32, 1i32, 14i32] [0i32, 0i32, 1i32, 0i32, 1i32, 0i32, 0i32, 1i32, 0i32, 0i32] [1i16, 9i16, -1i16, 517i16, -7i16, -32668i16, -32764i16, 32767i16, 298i16, -14336i16] [0i16, 1i16, -65i16, 5i16, -4103i16, 100i16, -32768i16, 32735i16, 42i16, -16384i16] }
entry main [n] (xs: [n]i16) (bs: [n]i32) : ([]i32, []i32, []i32, []i32, []i16, []i16) =
  (map i16.popc xs, map i16.clz xs, map i16.ctz xs,
   map2 (\x b -> i16.get_bit b x) xs bs,
   map2 (\x b -> i16.set_bit b x 1) xs bs,
   map2 (\x b -> i16.set_bit b x 0) xs bs)
