-- i8.num_bits and i8.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5i8, -7i8, 0i8, -128i8] }
-- output { 8i32 [-5i8, 7i8, 0i8, -128i8] }
entry main (xs: []i8) : (i32, []i8) = (i8.num_bits, map i8.neg xs)
