-- Indexing a matrix out of bounds in the inner dimension is a run-time error.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] 1i64 1i64 }
-- output { 4i32 }
-- input { [[1i32, 2i32], [3i32, 4i32]] 1i64 2i64 }
-- error: out of bounds
entry main (m: [][]i32) (i: i64) (j: i64) : i32 = m[i, j]
