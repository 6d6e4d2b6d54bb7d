-- The length of an array, taken before an in-place update, is an i64 that can be used afterwards.
-- ==
-- input { [5i32, 6i32] }
-- output { 2i64 [1i32, 6i32] }
entry main (xs: *[]i32) : (i64, []i32) =
  let n = length xs
  let xs[0] = 1
  in (n, xs)
