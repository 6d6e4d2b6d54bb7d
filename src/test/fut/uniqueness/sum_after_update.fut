-- A scalar reduction of an array, computed before an in-place update, can be used afterwards.
-- ==
-- input { [5i32, 6i32] }
-- output { 11i32 [1i32, 6i32] }
entry main (xs: *[]i32) : (i32, []i32) =
  let s = i32.sum xs
  let xs[0] = 1
  in (s, xs)
