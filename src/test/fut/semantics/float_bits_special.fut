-- to_bits of infinities and from_bits of a NaN pattern.
-- ==
-- input { 1.0f32 }
-- output { 2139095040u32 4286578688u32 true 4607182418800017408u64 }
entry main (x: f32) : (u32, u32, bool, u64) =
  (f32.to_bits (x / 0), f32.to_bits (-x / 0), f32.isnan (f32.from_bits 0x7fc00000), f64.to_bits (f64.f32 x))
