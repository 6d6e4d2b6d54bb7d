-- rotate shifts elements left for positive and right for negative amounts.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [2i32, 3i32, 4i32, 5i32, 1i32] [4i32, 5i32, 1i32, 2i32, 3i32] [1i32, 2i32, 3i32, 4i32, 5i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) = (rotate 1 xs, rotate (-2) xs, rotate 0 xs)
