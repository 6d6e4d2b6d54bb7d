-- Slices with strides on both dimensions of a matrix, including reversal.
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32], [20i32, 21i32, 22i32, 23i32]] }
-- output { [[20i32, 22i32], [10i32, 12i32], [0i32, 2i32]] [[13i32, 12i32, 11i32, 10i32], [23i32, 22i32, 21i32, 20i32]] [1i32, 21i32] }
entry main (m: [][]i32) : ([][]i32, [][]i32, []i32) = (m[::-1, ::2], m[1:, ::-1], m[::2, 1])
