-- A fresh array computed by map before an in-place update does not alias the updated array.
-- ==
-- input { [5i32, 6i32] }
-- output { 6i32 [1i32, 6i32] }
entry main (xs: *[]i32) : (i32, []i32) =
  let ys = map (+ 1) xs
  let xs[0] = 1
  in (ys[0], xs)
