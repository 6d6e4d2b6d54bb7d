-- u32.num_bits and u32.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5u32, 7u32, 0u32, 2147483648u32] }
-- output { 32i32 [4294967291u32, 4294967289u32, 0u32, 2147483648u32] }
entry main (xs: []u32) : (i32, []u32) = (u32.num_bits, map u32.neg xs)
