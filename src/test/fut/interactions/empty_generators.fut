-- Generators at size zero: iota, replicate, tabulate, tabulate_2d and an empty range.
-- ==
-- input { 0i64 } output { empty([0]i64) empty([0]f32) empty([0]i64) empty([0][2]i32) empty([0]i64) 0i64 }
-- input { 2i64 } output { [0i64, 1i64] [1.0f32, 1.0f32] [0i64, 2i64] [[0i32, 1i32], [1i32, 2i32]] [0i64, 1i64] 4i64 }
entry main (n: i64) : ([]i64, []f32, []i64, [][2]i32, []i64, i64) =
  (iota n, replicate n 1.0, tabulate n (* 2), tabulate_2d n 2 (\i j -> i32.i64 (i + j)), 0..<n,
   length (replicate n (replicate 2 true) |> flatten))
