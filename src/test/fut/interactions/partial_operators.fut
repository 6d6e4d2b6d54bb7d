-- Operators partially applied in prefix form and as left and right sections.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [9i32, 8i32, 7i32] [0i32, 1i32, 1i32] [10i32, 5i32, 3i32] [true, false, false] }
entry main (xs: []i32) : ([]i32, []i32, []i32, []bool) =
  (map ((-) 10) xs, map (/ 2) xs, map (10 /) xs, map ((>) 2) xs)
