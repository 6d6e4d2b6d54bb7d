-- i8.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 127i8 -128i8 [44i8, -3i8, 112i8, 0i8, -1i8, 123i8] [3i8, 100i8, 0i8, 7i8, 126i8, 99i8] [44i64, -3i64, 112i64, 0i64, -1i64, 123i64] [true, true, true, false, true, true] [1i8, 0i8] }
entry main (xs: []i64) (fs: []f64) : (i8, i8, []i8, []i8, []i64, []bool, []i8) =
  (i8.highest, i8.lowest, map i8.i64 xs, map i8.f64 fs,
   map (\x -> i8.to_i64 (i8.i64 x)) xs,
   map (\x -> i8.i64 x != 0) xs,
   map i8.bool [true, false])
