-- Ranges work for every integer type.
-- ==
-- input { 250u8 }
-- output { [250u8, 251u8, 252u8, 253u8] [-2i16, -1i16, 0i16, 1i16] [0u64, 5u64, 10u64, 15u64] }
entry main (x: u8) : ([]u8, []i16, []u64) =
  (x...x+3, -2i16..<2, 0u64..5..<20)
