-- for row in m iterates over the rows of a matrix, accumulating an array.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [9i32, 12i32] }
entry main [n][m] (rows: [n][m]i32) : [m]i32 =
  loop acc = replicate m 0 for row in rows do map2 (+) acc row
