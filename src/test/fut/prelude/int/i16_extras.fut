-- i16.num_bits and i16.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5i16, -7i16, 0i16, -32768i16] }
-- output { 16i32 [-5i16, 7i16, 0i16, -32768i16] }
entry main (xs: []i16) : (i32, []i16) = (i16.num_bits, map i16.neg xs)
