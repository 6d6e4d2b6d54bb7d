-- u64.num_bits and u64.neg (which wraps for the lowest value and for unsigned types).
-- ==
-- input { [5u64, 7u64, 0u64, 9223372036854775808u64] }
-- output { 64i32 [18446744073709551611u64, 18446744073709551609u64, 0u64, 9223372036854775808u64] }
entry main (xs: []u64) : (i32, []u64) = (u64.num_bits, map u64.neg xs)
