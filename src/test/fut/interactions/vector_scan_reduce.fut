-- scan and reduce with array-valued operators (element-wise addition of rows).
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] }
-- output { [[1i32, 2i32], [4i32, 6i32], [9i32, 12i32]] [9i32, 12i32] }
entry main [n] [m] (xss: [n][m]i32) : ([n][m]i32, [m]i32) =
  (scan (map2 (+)) (replicate m 0) xss, reduce (map2 (+)) (replicate m 0) xss)
