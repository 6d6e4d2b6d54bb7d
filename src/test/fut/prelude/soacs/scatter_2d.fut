-- scatter_2d writes at (row, column) pairs; out-of-range pairs are ignored.
-- ==
-- input { 2i64 [0i64, 1i64, 5i64] [1i64, 0i64, 0i64] [7i32, 8i32, 9i32] }
-- output { [[0i32, 7i32], [8i32, 0i32]] }
entry main [k] (n: i64) (rs: [k]i64) (cs: [k]i64) (vs: [k]i32) : [][]i32 =
  scatter_2d (replicate n (replicate n 0)) (zip rs cs) vs
