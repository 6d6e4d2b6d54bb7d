-- scan over tuples (running count and sum of positives).
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [1i32, 1i32, 2i32, 2i32, 3i32, 4i32, 4i32, 5i32] [3i32, 4i32, 8i32, 9i32, 14i32, 23i32, 25i32, 31i32] }
entry main (xs: []i32) : ([]i32, []i32) =
  unzip (scan (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) (map (\x -> (i32.bool (x > 2), x)) xs))
