-- An entry point taking several arrays of different types and returning a tuple of arrays.
-- ==
-- input { [1i32, 2i32, 3i32] [1.5f64, 2.5f64, 3.5f64] [true, false, true] [[1i64, 2i64], [3i64, 4i64]] }
-- output { [1.5f64, 0.0f64, 10.5f64] [2i32, 3i32, 4i32] [3i64, 7i64] [false, true, false] }
entry main [n] (a: [n]i32) (b: [n]f64) (c: [n]bool) (m: [][]i64) : ([n]f64, [n]i32, []i64, [n]bool) =
  (map3 (\x y k -> if k then f64.i32 x * y else 0) a b c, map (+ 1) a, map i64.sum m, map (\x -> !x) c)
