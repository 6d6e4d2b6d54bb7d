-- x..y..>z with z greater than x is invalid (documented run-time error).
-- ==
-- input { 5i64 3i64 0i64 }
-- output { [5i64, 3i64, 1i64] }
-- input { 5i64 3i64 8i64 }
-- error: is invalid
entry main (a: i64) (b: i64) (z: i64) : []i64 = a..b..>z
