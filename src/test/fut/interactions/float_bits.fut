-- to_bits and from_bits at all float widths.
-- ==
-- input { 1.0f32 } output { 1065353216u32 3.1415927f32 9223372036854775808u64 15360u16 49408u16 1.5f64 true }
entry main (x: f32) : (u32, f32, u64, u16, u16, f64, bool) =
  (f32.to_bits x, f32.from_bits 0x40490fdbu32, f64.to_bits (-0.0), f16.to_bits 1.0f16,
   f16.to_bits (-2.5f16), f64.from_bits 0x3ff8000000000000u64,
   f32.from_bits (f32.to_bits x + 1) > x)
