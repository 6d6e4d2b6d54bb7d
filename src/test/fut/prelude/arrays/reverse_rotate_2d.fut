-- reverse and rotate on the outer and inner dimensions of a matrix.
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32], [20i32, 21i32, 22i32, 23i32]] }
-- output { [[3i32, 13i32, 23i32], [2i32, 12i32, 22i32], [1i32, 11i32, 21i32], [0i32, 10i32, 20i32]] [[1i32, 2i32, 3i32, 0i32], [11i32, 12i32, 13i32, 10i32], [21i32, 22i32, 23i32, 20i32]] [[20i32, 21i32, 22i32, 23i32], [0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32]] }
entry main (m: [][]i32) : ([][]i32, [][]i32, [][]i32) = (reverse (transpose m), map (rotate 1) m, rotate (-1) m)
