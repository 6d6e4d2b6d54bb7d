-- i64.num_bits and i64.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5i64, -7i64, 0i64, -9223372036854775808i64] }
-- output { 64i32 [-5i64, 7i64, 0i64, -9223372036854775808i64] }
entry main (xs: []i64) : (i32, []i64) = (i64.num_bits, map i64.neg xs)
