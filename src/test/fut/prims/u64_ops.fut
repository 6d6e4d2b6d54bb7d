-- u64 beyond the signed range.
-- ==
-- input { 18446744073709551615u64 }
-- output { 9223372036854775807u64 18446744073709551614u64 true }
entry main (x: u64) : (u64, u64, bool) = (x / 2, x - 1, x > 9223372036854775807u64)
