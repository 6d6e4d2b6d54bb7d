-- filter removing every row of an n x 2 matrix gives shape [0][2].
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { empty([0][2]i32) }
entry main (m: [][]i32) : [][]i32 = filter (\r -> r[0] > 100) m
