-- i8.popc, clz, ctz, get_bit and set_bit on every bit position class.
-- ==
-- input { [0i8, 1i8, -1i8, 5i8, -7i8, 100i8, -128i8, 127i8, 42i8, -64i8] [0i32, 3i32, 6i32, 1i32, 4i32, 7i32, 2i32, 5i32, 0i32, 3i32] }
-- output { [0i32, 1i32, 8i32, 2i32, 6i32, 3i32, 1i32, 7i32, 3i32, 2i32] [8i32, 7i32, 0i32, 5i32, 0i32, 1i32, 0i32, 1i32, 2i32, 0i32] [8i32, 0i32, 0i32, 0i32, 0i32, 2i32, 7i32, 0i32, 1i32, 6i32] [0i32, 0i32, 1i32, 0i32, 1i32, 0i32, 0i32, 1i32, 0i32, 0i32] [1i8, 9i8, -1i8, 7i8, -7i8, -28i8, -124i8, 127i8, 43i8, -56i8] [0i8, 1i8, -65i8, 5i8, -23i8, 100i8, -128i8, 95i8, 42i8, -64i8] }
entry main [n] (xs: [n]i8) (bs: [n]i32) : ([]i32, []i32, []i32, []i32, []i8, []i8) =
  (map i8.popc xs, map i8.clz xs, map i8.ctz xs,
   map2 (\x b -> i8.get_bit b x) xs bs,
   map2 (\x b -> i8.set_bit b x 1) xs bs,
   map2 (\x b -> i8.set_bit b x 0) xs bs)
