-- unflatten, transpose, flatten and unflatten again.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [[0i32, 3i32, 1i32], [4i32, 2i32, 5i32]] [0i32, 3i32, 1i32, 4i32, 2i32, 5i32] }
entry main (xs: [6]i32) : ([2][3]i32, []i32) =
  let t = transpose (unflatten (xs :> [2 * 3]i32))
  let f = flatten t
  in (unflatten (f :> [2 * 3]i32), f)
