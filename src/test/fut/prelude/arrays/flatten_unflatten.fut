-- flatten and unflatten between 1-d and 2-d.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] 3i64 2i64 }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
entry main (m: [][]i32) (n: i64) (k: i64) : ([]i32, [][]i32) =
  let f = flatten m
  in (f, unflatten (f :> [n * k]i32))
