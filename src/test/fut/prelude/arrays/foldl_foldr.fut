-- foldl folds from the left, foldr from the right (visible with subtraction).
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { 94i32 -98i32 }
entry main (xs: []i32) : (i32, i32) = (foldl (-) 100 xs, foldr (-) 100 xs)
