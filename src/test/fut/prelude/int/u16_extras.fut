-- u16.num_bits and u16.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5u16, 7u16, 0u16, 32768u16] }
-- output { 16i32 [65531u16, 65529u16, 0u16, 32768u16] }
entry main (xs: []u16) : (i32, []u16) = (u16.num_bits, map u16.neg xs)
