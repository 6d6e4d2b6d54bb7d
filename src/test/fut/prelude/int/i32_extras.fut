-- i32.num_bits and i32.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5i32, -7i32, 0i32, -2147483648i32] }
-- output { 32i32 [-5i32, 7i32, 0i32, -2147483648i32] }
entry main (xs: []i32) : (i32, []i32) = (i32.num_bits, map i32.neg xs)
