-- Empty two-dimensional arrays through transpose, flatten, unflatten and map of rows.
-- ==
-- input { empty([0][3]i32) }
-- output { empty([3][0]i32) empty([0]i32) empty([0][3]i32) empty([0]i32) 3i64 }
-- input { [[1i32, 2i32, 3i32]] }
-- output { [[1i32], [2i32], [3i32]] [1i32, 2i32, 3i32] [[1i32, 2i32, 3i32]] [6i32] 3i64 }
entry main [n] [m] (xss: [n][m]i32) : ([m][n]i32, []i32, [n][m]i32, [n]i32, i64) =
  (transpose xss, flatten xss, unflatten (flatten xss), map i32.sum xss, m)
