-- Size parameters used as i64 values instead of length.
-- ==
-- input { [1i32, 2i32] [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] } output { 4i64 2i64 3i64 }
def count [n] (_: [n]i32) : i64 = n
def dims [n] [m] (_: [n][m]f32) : (i64, i64) = (n, m)
entry main [n] [m] (xs: [n]i32) (ys: [n][m]f32) : (i64, i64, i64) =
  let (a, b) = dims ys
  in (count xs + n, a, b)
