-- Found by futhark4j fuzz (seed 3, case 43): a size used twice in one parameter's type was bound
-- from the first dimension and never checked against the second, so a [3][1] argument for
-- [n][n] ran. Every dimension is now checked once the parameter's sizes are bound.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { 2i64 10i32 }
-- input { [[3i32], [-1i32], [-7i32]] }
-- error: entry point arguments have invalid sizes
-- input { [[1i32, 2i32, 3i32]] }
-- error: entry point arguments have invalid sizes
-- input { empty([0][0]i32) }
-- output { 0i64 0i32 }

entry main [n] (m: [n][n]i32) : (i64, i32) =
  (n, i32.sum (map (\r -> i32.sum r) m))
