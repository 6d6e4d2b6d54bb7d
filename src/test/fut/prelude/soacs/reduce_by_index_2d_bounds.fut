-- reduce_by_index_2d ignores an index whose column is out of bounds, even if its position in the
-- flattened matrix would be valid (it must not wrap into the next row), and negative indices.
-- ==
-- input { [0i64, 1i64, -1i64, 2i64] [2i64, 1i64, 0i64, 0i64] [3i32, 7i32, 5i32, 6i32] }
-- output { [[0i32, 0i32], [0i32, 7i32]] }
entry main [k] (rs: [k]i64) (cs: [k]i64) (vs: [k]i32) : [][]i32 =
  reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 (zip rs cs) vs
