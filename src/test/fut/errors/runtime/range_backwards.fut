-- An inclusive range whose end is below its start is invalid.
-- ==
-- input { 1i64 3i64 }
-- output { [1i64, 2i64, 3i64] }
-- input { 5i64 1i64 }
-- error: is invalid
entry main (a: i64) (b: i64) : []i64 = a...b
