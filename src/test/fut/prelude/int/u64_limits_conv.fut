-- u64.highest/lowest, conversions from i64 (wrapping), from f64 (truncation), to_i64 and bool.
-- ==
-- input { [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [3.75f64, 100.2f64, 0.5f64, 7.0f64, 126.9f64, 99.99f64] }
-- output { 18446744073709551615u64 0u64 [300u64, 18446744073709551613u64, 70000u64, 5000000000u64, 18446744073709551615u64, 123u64] [3u64, 100u64, 0u64, 7u64, 126u64, 99u64] [300i64, -3i64, 70000i64, 5000000000i64, -1i64, 123i64] [true, true, true, true, true, true] [1u64, 0u64] }
entry main (xs: []i64) (fs: []f64) : (u64, u64, []u64, []u64, []i64, []bool, []u64) =
  (u64.highest, u64.lowest, map u64.i64 xs, map u64.f64 fs,
   map (\x -> u64.to_i64 (u64.i64 x)) xs,
   map (\x -> u64.i64 x != 0) xs,
   map u64.bool [true, false])
