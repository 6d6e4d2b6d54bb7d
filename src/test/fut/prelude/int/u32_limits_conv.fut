-- u32.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 4294967295u32 0u32 [300u32, 4294967293u32, 70000u32, 705032704u32, 4294967295u32, 123u32] [3u32, 100u32, 0u32, 7u32, 126u32, 99u32] [300i64, 4294967293i64, 70000i64, 705032704i64, 4294967295i64, 123i64] [true, true, true, true, true, true] [1u32, 0u32] }
entry main (xs: []i64) (fs: []f64) : (u32, u32, []u32, []u32, []i64, []bool, []u32) =
  (u32.highest, u32.lowest, map u32.i64 xs, map u32.f64 fs,
   map (\x -> u32.to_i64 (u32.i64 x)) xs,
   map (\x -> u32.i64 x != 0) xs,
   map u32.bool [true, false])
