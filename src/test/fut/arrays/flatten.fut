-- flatten a matrix.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
entry main (m: [][]i32) : []i32 = flatten m
