-- transpose of a [0][3] array has shape [3][0].
-- ==
-- input { empty([0][3]i32) }
-- output { empty([3][0]i32) }
entry main (m: [][]i32) : [][]i32 = transpose m
