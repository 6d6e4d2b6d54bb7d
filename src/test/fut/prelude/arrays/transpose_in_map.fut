-- transpose applied inside map on the inner matrices of a 3-d array, then summed.
-- ==
-- input { [[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]]] }
-- output { [[4i32, 6i32], [12i32, 14i32]] }
entry main (a: [][][]i32) : [][]i32 = map (\mm -> map i32.sum (transpose mm)) a
