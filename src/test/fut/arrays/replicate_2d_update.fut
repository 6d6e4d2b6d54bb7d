-- In-place update of a row of a matrix.
-- ==
-- input { 3i64 }
-- output { [[0i32, 0i32, 0i32], [1i32, 2i32, 3i32], [0i32, 0i32, 0i32]] }
entry main (n: i64) : [][]i32 =
  let m = replicate n (replicate n 0i32)
  in m with [1] = ([1, 2, 3] :> [n]i32)
