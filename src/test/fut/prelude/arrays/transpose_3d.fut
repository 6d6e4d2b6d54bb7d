-- Transposing the inner two or outer two dimensions of a 3-d array.
-- ==
-- input { [[[1i32, 2i32], [3i32, 4i32]], [[5i32, 6i32], [7i32, 8i32]]] }
-- output { [[[1i32, 3i32], [2i32, 4i32]], [[5i32, 7i32], [6i32, 8i32]]] [[[1i32, 2i32], [5i32, 6i32]], [[3i32, 4i32], [7i32, 8i32]]] }
entry main (a: [][][]i32) : ([][][]i32, [][][]i32) = (map transpose a, transpose a)
