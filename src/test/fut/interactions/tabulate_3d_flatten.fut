-- tabulate_3d, flatten_3d, unflatten_3d and transpose of a strided slice.
-- ==
-- input { 2i64 }
-- output { [0i64, 1i64, 10i64, 11i64, 100i64, 101i64, 110i64, 111i64] 111i64 [[0i64, 100i64], [10i64, 110i64]] }
entry main (n: i64) : ([]i64, i64, [][]i64) =
  let t = tabulate_3d n n n (\i j k -> i * 100 + j * 10 + k)
  let f = flatten_3d t
  let u = unflatten_3d f
  in (f, u[1, 1, 1], transpose (map (\m -> m[:, 0]) u))
