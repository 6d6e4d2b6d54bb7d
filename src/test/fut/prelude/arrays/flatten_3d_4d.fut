-- flatten_3d, flatten_4d, unflatten_3d and unflatten_4d.
-- ==
-- input { 2i64 }
-- output { [0i64, 1i64, 10i64, 11i64, 100i64, 101i64, 110i64, 111i64] [[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]]] [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] }
entry main (n: i64) : ([]i64, [][][]i64, []i64) =
  let a = tabulate_3d 2 2 n (\i j k -> i * 100 + j * 10 + k)
  let b = unflatten_4d (iota 8 :> [2 * 2 * 2 * 1]i64)
  in (flatten_3d a, unflatten_3d (flatten_3d a), flatten_4d b)
