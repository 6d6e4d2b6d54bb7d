-- The inner size of an empty [0][3] input is 3 (seen through size parameters and transpose).
-- ==
-- input { empty([0][3]i32) }
-- output { 0i64 3i64 3i64 }
entry main [n][m] (xs: [n][m]i32) : (i64, i64, i64) = (n, m, length (transpose xs))
