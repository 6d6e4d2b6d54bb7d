-- `with` replacing a whole row of a matrix.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] [9i32, 9i32] }
-- output { [[9i32, 9i32], [3i32, 4i32]] }
entry main [k] (m: *[][k]i32) (r: [k]i32) : [][]i32 =
  m with [0] = r
