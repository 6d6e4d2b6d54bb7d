-- u16.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 65535u16 0u16 [300u16, 65533u16, 4464u16, 61952u16, 65535u16, 123u16] [3u16, 100u16, 0u16, 7u16, 126u16, 99u16] [300i64, 65533i64, 4464i64, 61952i64, 65535i64, 123i64] [true, true, true, true, true, true] [1u16, 0u16] }
entry main (xs: []i64) (fs: []f64) : (u16, u16, []u16, []u16, []i64, []bool, []u16) =
  (u16.highest, u16.lowest, map u16.i64 xs, map u16.f64 fs,
   map (\x -> u16.to_i64 (u16.i64 x)) xs,
   map (\x -> u16.i64 x != 0) xs,
   map u16.bool [true, false])
