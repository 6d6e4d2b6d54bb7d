-- Size parameters on both dimensions of a matrix.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 2i64 3i64 [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] }
entry main [r][c] (m: [r][c]i32) : (i64, i64, [c][r]i32) = (r, c, transpose m)
