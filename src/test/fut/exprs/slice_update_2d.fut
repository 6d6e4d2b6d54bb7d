-- Updating a rectangular sub-block of a matrix with `with`.
-- ==
-- input { [[0i32, 0i32, 0i32], [0i32, 0i32, 0i32], [0i32, 0i32, 0i32]] }
-- output { [[0i32, 7i32, 8i32], [0i32, 9i32, 10i32], [0i32, 0i32, 0i32]] }
entry main (m: *[][]i32) : [][]i32 = m with [0:2, 1:3] = [[7, 8], [9, 10]]
