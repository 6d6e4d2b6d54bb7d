-- f16.i32, f16.i64, f16.f64, f16.to_i64 (truncation) and f16.bool.
-- ==
-- input { [3i32, -7i32, 100i32, 0i32] [2.75f16, -3.5f16, 10.0f16] }
-- output { [3.0f16, -7.0f16, 100.0f16, 0.0f16] [3.0f16, -7.0f16, 100.0f16, 0.0f16] [2i64, -3i64, 10i64] [2.75f64, -3.5f64, 10.0f64] 1.0f16 0.0f16 }
entry main (xs: []i32) (fs: []f16) : ([]f16, []f16, []i64, []f64, f16, f16) =
  (map f16.i32 xs, map (f16.i64 <-< i64.i32) xs, map f16.to_i64 fs, map f16.to_f64 fs, f16.bool true, f16.bool false)
