-- flatten of a transposed matrix reads it in column-major order.
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32], [20i32, 21i32, 22i32, 23i32]] }
-- output { [0i32, 10i32, 20i32, 1i32, 11i32, 21i32, 2i32, 12i32, 22i32, 3i32, 13i32, 23i32] }
entry main (m: [][]i32) : []i32 = flatten (transpose m)
