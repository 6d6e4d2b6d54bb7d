-- A size-polymorphic helper called at two different sizes in one function.
-- ==
-- input { [1i32, 2i32, 3i32] [5i32, 6i32] } output { [4i32, 4i32, 4i32] [11i32, 11i32] 5i64 }
def sum_pairs [n] (xs: [n]i32) : [n]i32 = map2 (+) xs (reverse xs)
entry main (xs: []i32) (ys: []i32) : ([]i32, []i32, i64) =
  let a = sum_pairs xs
  let b = sum_pairs ys
  in (a, b, length a + length b)
