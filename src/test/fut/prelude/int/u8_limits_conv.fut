-- u8.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 255u8 0u8 [44u8, 253u8, 112u8, 0u8, 255u8, 123u8] [3u8, 100u8, 0u8, 7u8, 126u8, 99u8] [44i64, 253i64, 112i64, 0i64, 255i64, 123i64] [true, true, true, false, true, true] [1u8, 0u8] }
entry main (xs: []i64) (fs: []f64) : (u8, u8, []u8, []u8, []i64, []bool, []u8) =
  (u8.highest, u8.lowest, map u8.i64 xs, map u8.f64 fs,
   map (\x -> u8.to_i64 (u8.i64 x)) xs,
   map (\x -> u8.i64 x != 0) xs,
   map u8.bool [true, false])
