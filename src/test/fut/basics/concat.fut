-- ++ and concat.
-- ==
-- input { [1i32, 2i32] [3i32] }
-- output { [1i32, 2i32, 3i32, 1i32, 2i32] }
entry main (xs: []i32) (ys: []i32) : []i32 = xs ++ ys ++ xs
