-- reverse on 1-d arrays and on the outer dimension of 2-d arrays.
-- ==
-- input { [1i32, 2i32, 3i32] [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [3i32, 2i32, 1i32] [[4i32, 5i32, 6i32], [1i32, 2i32, 3i32]] }
entry main (xs: []i32) (m: [][]i32) : ([]i32, [][]i32) = (reverse xs, reverse m)
