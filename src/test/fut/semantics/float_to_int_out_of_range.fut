-- Float to integer conversions: NaN and infinities give 0; finite values out of the target's range
-- give what the reference's C gives on x86-64 (the lowest integer of the conversion's width, low
-- bits kept for narrower types).
-- ==
-- input { [3.9f32, -3.9f32, 3e9f32, -3e9f32, f32.nan, f32.inf] }
-- output { [3i32, -3i32, -2147483648i32, -2147483648i32, 0i32, 0i32]
--          [3i64, -3i64, 3000000000i64, -3000000000i64, 0i64, 0i64]
--          [3i8, -3i8, 0i8, 0i8, 0i8, 0i8]
--          [3u32, 4294967293u32, 3000000000u32, 1294967296u32, 0u32, 0u32] }
entry main (xs: []f32) : ([]i32, []i64, []i8, []u32) =
  (map i32.f32 xs, map i64.f32 xs, map i8.f32 xs, map u32.f32 xs)
