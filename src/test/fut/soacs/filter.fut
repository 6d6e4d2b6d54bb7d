-- filter keeps order.
-- ==
-- input { [5i32, 2i32, 8i32, 1i32, 6i32] }
-- output { [2i32, 8i32, 6i32] }
-- input { [1i32, 3i32] }
-- output { empty([0]i32) }
entry main (xs: []i32) : []i32 = filter (\x -> x % 2 == 0) xs
