-- i32.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 2147483647i32 -2147483648i32 [300i32, -3i32, 70000i32, 705032704i32, -1i32, 123i32] [3i32, 100i32, 0i32, 7i32, 126i32, 99i32] [300i64, -3i64, 70000i64, 705032704i64, -1i64, 123i64] [true, true, true, true, true, true] [1i32, 0i32] }
entry main (xs: []i64) (fs: []f64) : (i32, i32, []i32, []i32, []i64, []bool, []i32) =
  (i32.highest, i32.lowest, map i32.i64 xs, map i32.f64 fs,
   map (\x -> i32.to_i64 (i32.i64 x)) xs,
   map (\x -> i32.i64 x != 0) xs,
   map i32.bool [true, false])
