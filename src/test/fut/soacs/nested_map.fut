-- Nested map producing a matrix (outer product).
-- ==
-- input { [1i32, 2i32] [10i32, 20i32, 30i32] }
-- output { [[10i32, 20i32, 30i32], [20i32, 40i32, 60i32]] }
entry main (xs: []i32) (ys: []i32) : [][]i32 = map (\x -> map (\y -> x * y) ys) xs
