-- unflatten 0 m of an empty array has shape [0][m] (its transpose has m rows).
-- ==
-- input { 3i64 }
-- output { 3i64 empty([0][3]i32) }
entry main (m: i64) : (i64, [][]i32) = let u = unflatten 0 m (replicate 0 1i32) in (length (transpose u), u)
