-- transpose of non-square matrices, twice is identity.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
entry main (m: [][]i32) : ([][]i32, [][]i32) = (transpose m, transpose (transpose m))
