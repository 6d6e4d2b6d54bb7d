-- x..<z with z less than x is invalid (documented run-time error).
-- ==
-- input { 2i64 4i64 }
-- output { [2i64, 3i64] }
-- input { 5i64 1i64 }
-- error: is invalid
entry main (a: i64) (z: i64) : []i64 = a..<z
