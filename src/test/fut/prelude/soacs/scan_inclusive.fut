-- scan is an inclusive prefix scan.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [3i32, 4i32, 8i32, 9i32, 14i32, 23i32, 25i32, 31i32] [3i32, 3i32, 4i32, 4i32, 5i32, 9i32, 9i32, 9i32] [3i32, 3i32, 12i32, 12i32, 60i32, 540i32, 1080i32, 6480i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  (scan (+) 0 xs, scan i32.max i32.lowest xs, scan (*) 1 xs)
