-- A range whose first two elements are equal (stride zero) is invalid.
-- ==
-- input { 1i64 5i64 }
-- error: is invalid
entry main (a: i64) (n: i64) : []i64 = a..a...n
