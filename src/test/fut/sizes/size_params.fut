-- Size parameters bind the lengths of array arguments.
-- ==
-- input { [1i32, 2i32, 3i32] [1.0f32] }
-- output { 3i64 1i64 3i64 }
def len [n] 't (_: [n]t) : i64 = n
entry main [n][m] (xs: [n]i32) (ys: [m]f32) : (i64, i64, i64) = (n, m, len (zip xs xs))
