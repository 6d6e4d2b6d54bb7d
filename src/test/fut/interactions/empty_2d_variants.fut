-- Matrices with a zero inner size: transpose of [2][0], reverse and concatenation, replicate of empty rows.
-- ==
-- input { 2i64 0i64 } output { empty([0][2]i32) empty([2][0]i32) empty([4][0]i32) 0i64 }
-- input { 1i64 2i64 } output { [[0i32], [0i32]] [[0i32, 0i32]] [[0i32, 0i32], [0i32, 0i32]] 4i64 }
entry main (n: i64) (m: i64) : ([m][n]i32, [n][m]i32, [][m]i32, i64) =
  let z = replicate n (replicate m 0i32)
  in (transpose z, reverse z, z ++ z, length (flatten (z ++ z)))
