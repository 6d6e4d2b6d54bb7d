-- copy duplicates an array; length of nested arrays is the outer size.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 2i64 [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
entry main (m: [][]i32) : (i64, [][]i32) = (length m, copy m)
