-- filter over the rows of a matrix.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [0i32, 0i32]] }
-- output { [[3i32, 4i32]] }
entry main (m: [][]i32) : [][]i32 = filter (\r -> i32.sum r > 3) m
