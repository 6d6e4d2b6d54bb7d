-- head, last, tail and init.
-- ==
-- input { [5i32, 6i32, 7i32] }
-- output { 5i32 7i32 [6i32, 7i32] [5i32, 6i32] }
-- input { [9i32] }
-- output { 9i32 9i32 empty([0]i32) empty([0]i32) }
entry main (xs: []i32) : (i32, i32, []i32, []i32) = (head xs, last xs, tail xs, init xs)
