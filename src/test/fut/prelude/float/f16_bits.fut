-- f16.to_bits and f16.from_bits follow the IEEE 754 encoding.
-- ==
-- input { [1.0f16, -2.0f16, 0.5f16, 0.0f16, -0.0f16] [15360u16, 49152u16, 14336u16, 0u16, 32768u16] }
-- output { [15360u16, 49152u16, 14336u16, 0u16, 32768u16] [1.0f16, -2.0f16, 0.5f16, 0.0f16, -0.0f16] }
entry main (xs: []f16) (bs: []u16) : ([]u16, []f16) =
  (map f16.to_bits xs, map f16.from_bits bs)
