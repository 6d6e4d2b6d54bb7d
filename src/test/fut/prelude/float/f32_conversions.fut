-- f32.i32, f32.i64, f32.f64, f32.to_i64 (truncation) and f32.bool.
-- ==
-- input { [3i32, -7i32, 100i32, 0i32] [2.75f32, -3.5f32, 10.0f32] }
-- output { [3.0f32, -7.0f32, 100.0f32, 0.0f32] [3.0f32, -7.0f32, 100.0f32, 0.0f32] [2i64, -3i64, 10i64] [2.75f64, -3.5f64, 10.0f64] 1.0f32 0.0f32 }
entry main (xs: []i32) (fs: []f32) : ([]f32, []f32, []i64, []f64, f32, f32) =
  (map f32.i32 xs, map (f32.i64 <-< i64.i32) xs, map f32.to_i64 fs, map f32.to_f64 fs, f32.bool true, f32.bool false)
