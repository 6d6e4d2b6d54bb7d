-- Left and right operator sections, including for non-commutative operators.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [9i32, 8i32, 7i32] [0i32, 1i32, 1i32] [true, false, false] [2i32, 4i32, 8i32] }
entry main (xs: []i32) : ([]i32, []i32, []bool, []i32) =
  (map (10 -) xs, map (/ 2) xs, map (< 2) xs, map (2 **) xs)
