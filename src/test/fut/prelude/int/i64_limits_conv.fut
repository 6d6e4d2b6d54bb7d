-- i64.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 9223372036854775807i64 -9223372036854775808i64 [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3i64, 100i64, 0i64, 7i64, 126i64, 99i64] [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [true, true, true, true, true, true] [1i64, 0i64] }
entry main (xs: []i64) (fs: []f64) : (i64, i64, []i64, []i64, []i64, []bool, []i64) =
  (i64.highest, i64.lowest, map i64.i64 xs, map i64.f64 fs,
   map (\x -> i64.to_i64 (i64.i64 x)) xs,
   map (\x -> i64.i64 x != 0) xs,
   map i64.bool [true, false])
