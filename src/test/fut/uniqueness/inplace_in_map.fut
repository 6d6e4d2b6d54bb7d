-- In-place updates on fresh arrays inside a map body.
-- ==
-- input { [7i32, 8i32] }
-- output { [[0i32, 7i32, 0i32], [0i32, 8i32, 0i32]] }
entry main (xs: []i32) : [][]i32 =
  map (\x -> let a = replicate 3 0 in a with [1] = x) xs
