-- i16.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0i16, 1i16, -1i16, 5i16, -7i16, 100i16, -32768i16, 32767i16, 42i16, -16384i16] [-16384i16, 42i16, 32767i16, -32768i16, 100i16, -7i16, 5i16, -1i16, 1i16, 0i16] }
-- output { [0i16, 0i16, -1i16, -3i16, -1i16, -1i16, -3i16, -1i16, 0i16, 0i16] [0i16, 1i16, -2i16, 2i16, -8i16, 99i16, 32765i16, 32766i16, 42i16, -16384i16] }
entry main [n] (xs: [n]i16) (ys: [n]i16) : ([]i16, []i16) =
  (map2 i16.mul_hi xs ys, map2 (\a b -> i16.mad_hi a b a) xs ys)
