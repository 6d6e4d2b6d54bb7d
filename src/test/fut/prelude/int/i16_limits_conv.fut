-- i16.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 32767i16 -32768i16 [300i16, -3i16, 4464i16, -3584i16, -1i16, 123i16] [3i16, 100i16, 0i16, 7i16, 126i16, 99i16] [300i64, -3i64, 4464i64, -3584i64, -1i64, 123i64] [true, true, true, true, true, true] [1i16, 0i16] }
entry main (xs: []i64) (fs: []f64) : (i16, i16, []i16, []i16, []i64, []bool, []i16) =
  (i16.highest, i16.lowest, map i16.i64 xs, map i16.f64 fs,
   map (\x -> i16.to_i64 (i16.i64 x)) xs,
   map (\x -> i16.i64 x != 0) xs,
   map i16.bool [true, false])
