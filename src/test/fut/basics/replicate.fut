-- replicate of scalars and of arrays.
-- ==
-- input { 3i64 }
-- output { [7i32, 7i32, 7i32] [[1.5, 1.5], [1.5, 1.5], [1.5, 1.5]] }
entry main (n: i64) : ([]i32, [][]f64) =
  (replicate n 7, replicate n (replicate 2 1.5))
