-- reduce_by_index where each bin is a row and the operator adds rows.
-- ==
-- input { [0i64, 2i64, 0i64, 7i64] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32], [7i32, 8i32]] }
-- output { [[6i32, 8i32], [0i32, 0i32], [3i32, 4i32]] }
entry main [n] (is: [n]i64) (vss: [n][2]i32) : [3][2]i32 =
  reduce_by_index (replicate 3 (replicate 2 0)) (map2 (+)) [0, 0] is vss
