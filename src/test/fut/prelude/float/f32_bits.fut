-- f32.to_bits and f32.from_bits follow the IEEE 754 encoding.
-- ==
-- input { [1.0f32, -2.0f32, 0.5f32, 0.0f32, -0.0f32] [1065353216u32, 3221225472u32, 1056964608u32, 0u32, 2147483648u32] }
-- output { [1065353216u32, 3221225472u32, 1056964608u32, 0u32, 2147483648u32] [1.0f32, -2.0f32, 0.5f32, 0.0f32, -0.0f32] }
entry main (xs: []f32) (bs: []u32) : ([]u32, []f32) =
  (map f32.to_bits xs, map f32.from_bits bs)
