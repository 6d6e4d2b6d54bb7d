-- transpose of a [2][0] array has shape [0][2].
-- ==
-- input { 2i64 }
-- output { empty([0][2]i32) 0i64 }
entry main (n: i64) : ([][]i32, i64) = let e = replicate n (replicate 0 1i32) in (transpose e, length (transpose e))
