-- i32.mul_hi is the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- input { [0i32, 1i32, -1i32, 5i32, -7i32, 100i32, -2147483648i32, 2147483647i32, 42i32, -1073741824i32] [-1073741824i32, 42i32, 2147483647i32, -2147483648i32, 100i32, -7i32, 5i32, -1i32, 1i32, 0i32] }
-- output { [0i32, 0i32, -1i32, -3i32, -1i32, -1i32, -3i32, -1i32, 0i32, 0i32] [0i32, 1i32, -2i32, 2i32, -8i32, 99i32, 2147483645i32, 2147483646i32, 42i32, -1073741824i32] }
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  (map2 i32.mul_hi xs ys, map2 (\a b -> i32.mad_hi a b a) xs ys)
