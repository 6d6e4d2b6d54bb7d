-- partition splits by a predicate, keeping order on both sides.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [4i32, 2i32, 6i32] [3i32, 1i32, 1i32, 5i32, 9i32] }
entry main (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs
