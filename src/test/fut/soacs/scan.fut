-- Inclusive scan.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { [1i64, 3i64, 6i64, 10i64] [1i64, 2i64, 6i64, 24i64] }
entry main (xs: []i64) : ([]i64, []i64) = (scan (+) 0 xs, scan (*) 1 xs)
