-- zip and unzip on pairs; zip of an array with itself.
-- ==
-- input { [2i32, 3i32] }
-- output { [4i32, 6i32] [4i32, 9i32] }
entry main (a: []i32) : ([]i32, []i32) = unzip (map (\(x, y) -> (x + y, x * y)) (zip a a))
