-- i8.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0i8, 1i8, -1i8, 5i8, -7i8, 100i8, -128i8, 127i8, 42i8, -64i8] [-64i8, 42i8, 127i8, -128i8, 100i8, -7i8, 5i8, -1i8, 1i8, 0i8] }
-- output { [0i8, 0i8, -1i8, -3i8, -3i8, -3i8, -3i8, -1i8, 0i8, 0i8] [0i8, 1i8, -2i8, 2i8, -10i8, 97i8, 125i8, 126i8, 42i8, -64i8] }
entry main [n] (xs: [n]i8) (ys: [n]i8) : ([]i8, []i8) =
  (map2 i8.mul_hi xs ys, map2 (\a b -> i8.mad_hi a b a) xs ys)
