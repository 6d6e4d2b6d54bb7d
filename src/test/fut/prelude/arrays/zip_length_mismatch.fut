-- Arrays of different run-time lengths cannot be coerced to one size for map2: a run-time error.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { [4i32, 6i32] }
-- input { [1i32, 2i32] [3i32] }
-- error: [Ss]ize coercion|cannot match shape
entry main [n] (xs: [n]i32) (ys: []i32) : []i32 = map2 (+) xs (ys :> [n]i32)
