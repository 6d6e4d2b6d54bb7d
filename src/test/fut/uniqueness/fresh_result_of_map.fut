-- A function returning map of a non-unique parameter may declare a unique result; the argument stays usable.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [100i32, 3i32] }
def bump (xs: []i32) : *[]i32 = map (+ 1) xs
entry main (xs: []i32) : ([]i32, []i32) =
  let ys = bump xs
  let ys[0] = 100
  in (xs, ys)
