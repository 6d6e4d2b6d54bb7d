-- reduce_by_index_2d combines values into a matrix at (row, column) indices.
-- ==
-- input { [0i64, 1i64, 0i64, 5i64] [1i64, 0i64, 1i64, 0i64] [3i32, 4i32, 5i32, 6i32] }
-- output { [[0i32, 8i32], [4i32, 0i32]] }
entry main [k] (rs: [k]i64) (cs: [k]i64) (vs: [k]i32) : [][]i32 =
  reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 (zip rs cs) vs
