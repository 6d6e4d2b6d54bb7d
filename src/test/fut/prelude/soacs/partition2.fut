-- partition2 splits into three parts by two predicates.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [1i32, 1i32, 2i32] [3i32, 4i32, 5i32] [9i32, 6i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) = partition2 (< 3) (< 6) xs
