-- Operators between unsigned values keep the unsigned type.
-- ==
-- input { 4000000000u32 }
-- output { 2000000001u32 12000000000u64 }
entry main (x: u32) : (u32, u64) = (x / 2 + 1, u64.u32 x * 3)
