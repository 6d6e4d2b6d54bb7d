-- u8.num_bits and u8.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5u8, 7u8, 0u8, 128u8] }
-- output { 8i32 [251u8, 249u8, 0u8, 128u8] }
entry main (xs: []u8) : (i32, []u8) = (u8.num_bits, map u8.neg xs)
