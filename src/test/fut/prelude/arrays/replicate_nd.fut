-- replicate of scalars and of arrays.
-- ==
-- input { 3i64 true }
-- output { [true, true, true] [[7i32, 7i32, 7i32], [7i32, 7i32, 7i32]] }
entry main (n: i64) (x: bool) : ([]bool, [][]i32) = (replicate n x, replicate 2 (replicate n 7))
