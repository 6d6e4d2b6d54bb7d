-- take and drop, including 0 and the whole length.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] 3i64 }
-- output { [1i32, 2i32, 3i32] [4i32] empty([0]i32) empty([0]i32) }
entry main (xs: []i32) (n: i64) : ([]i32, []i32, []i32, []i32) = (take n xs, drop n xs, take 0 xs, drop (length xs) xs)
