-- map returning tuples produces several arrays.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [9i32, 1i32, 16i32, 1i32, 25i32, 81i32, 4i32, 36i32] [false, false, true, false, false, false, true, true] }
entry main (xs: []i32) : ([]i32, []bool) = unzip (map (\x -> (x * x, x % 2 == 0)) xs)
