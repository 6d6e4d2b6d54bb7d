-- f64.i32, f64.i64, f64.f64, f64.to_i64 (truncation) and f64.bool.
-- ==
-- input { [3i32, -7i32, 100i32, 0i32] [2.75f64, -3.5f64, 10.0f64] }
-- output { [3.0f64, -7.0f64, 100.0f64, 0.0f64] [3.0f64, -7.0f64, 100.0f64, 0.0f64] [2i64, -3i64, 10i64] [2.75f64, -3.5f64, 10.0f64] 1.0f64 0.0f64 }
entry main (xs: []i32) (fs: []f64) : ([]f64, []f64, []i64, []f64, f64, f64) =
  (map f64.i32 xs, map (f64.i64 <-< i64.i32) xs, map f64.to_i64 fs, map f64.to_f64 fs, f64.bool true, f64.bool false)
