-- indices and tabulate.
-- ==
-- input { [7i32, 8i32, 9i32] }
-- output { [0i64, 1i64, 2i64] [0i64, 10i64, 20i64] }
entry main (xs: []i32) : ([]i64, []i64) = (indices xs, tabulate 3 (* 10))
