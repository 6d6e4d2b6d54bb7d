-- zip of arrays of different run-time lengths is a run-time error.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [4i32, 6i32] }
-- input { [1i32, 2i32] [3i32] }
-- error: .
entry main (xs: []i32) (ys: []i32) : []i32 = map2 (+) xs ys
