-- Summing i64 values wraps modulo 2^64.
-- ==
-- input { [9223372036854775807i64, 1i64, 1i64] }
-- output { -9223372036854775807i64 }
entry main (xs: []i64) : i64 = i64.sum xs
