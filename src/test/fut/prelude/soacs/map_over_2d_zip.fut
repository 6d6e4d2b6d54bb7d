-- map over zipped rows of two matrices.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] [[5i32, 6i32], [7i32, 8i32]] }
-- output { [[5i32, 12i32], [21i32, 32i32]] }
entry main [n][m] (a: [n][m]i32) (b: [n][m]i32) : [][]i32 = map (\(r, s) -> map2 (*) r s) (zip a b)
