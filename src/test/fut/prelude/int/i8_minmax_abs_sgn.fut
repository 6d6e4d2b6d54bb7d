-- i8.min, i8.max, i8.abs and i8.sgn, including the extreme values.
-- ==
-- input { [0i8, 1i8, -1i8, 5i8, -7i8, 100i8, -128i8, 127i8, 42i8, -64i8] [-64i8, 42i8, 127i8, -128i8, 100i8, -7i8, 5i8, -1i8, 1i8, 0i8] }
-- output { [-64i8, 1i8, -1i8, -128i8, -7i8, -7i8, -128i8, -1i8, 1i8, -64i8] [0i8, 42i8, 127i8, 5i8, 100i8, 100i8, 5i8, 127i8, 42i8, 0i8] [0i8, 1i8, 1i8, 5i8, 7i8, 100i8, -128i8, 127i8, 42i8, 64i8] [0i8, 1i8, -1i8, 1i8, -1i8, 1i8, -1i8, 1i8, 1i8, -1i8] }
entry main [n] (xs: [n]i8) (ys: [n]i8) : ([]i8, []i8, []i8, []i8) =
  (map2 i8.min xs ys, map2 i8.max xs ys, map i8.abs xs, map i8.sgn xs)
