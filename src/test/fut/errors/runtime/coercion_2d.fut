-- A size coercion on the inner dimension of a matrix fails when the sizes differ.
-- ==
-- input { [[1i32, 2i32]] [10i32, 20i32] }
-- output { [[11i32, 22i32]] }
-- input { [[1i32, 2i32, 3i32]] [10i32, 20i32] }
-- error: [Ss]ize coercion|cannot match shape
entry main [n] (m: [][]i32) (v: [n]i32) : [][n]i32 = map (\r -> map2 (+) (r :> [n]i32) v) m
