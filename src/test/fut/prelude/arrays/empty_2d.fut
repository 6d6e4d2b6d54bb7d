-- Empty 2-d arrays keep their inner size.
-- ==
-- input { 3i64 }
-- output { empty([0][3]i32) 3i64 }
entry main (n: i64) : ([][]i32, i64) = let e = replicate 0 (replicate n 0i32) in (e, length (transpose e))
