-- copy of a matrix can be updated without affecting the original.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 2i32], [3i32, 4i32]] [[-1i32, 2i32], [3i32, 4i32]] }
entry main (m: [][]i32) : ([][]i32, [][]i32) = let c = copy m in (m, c with [0, 0] = -1)
