-- Indexing rows and elements of a transposed matrix.
-- ==
-- input { [[0i32, 1i32, 2i32, 3i32], [10i32, 11i32, 12i32, 13i32], [20i32, 21i32, 22i32, 23i32]] }
-- output { [1i32, 11i32, 21i32] 23i32 [0i32, 2i32] }
entry main (m: [][]i32) : ([]i32, i32, []i32) = let t = transpose m in (t[1], t[3, 2], t[::2, 0])
