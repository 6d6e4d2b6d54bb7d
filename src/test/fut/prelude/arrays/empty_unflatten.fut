-- unflatten of an empty array at type [0][m] keeps the inner size m (its transpose has m rows).
-- ==
-- input { 3i64 }
-- output { 3i64 empty([0][3]i32) }
entry main (m: i64) : (i64, [][]i32) = let u = unflatten (replicate (0 * m) 1i32) : [0][m]i32 in (length (transpose u), u)
