-- Lambdas and operator sections.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [0i32, 1i32, 2i32] [9i32, 8i32, 7i32] [2i32, 4i32, 6i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32) =
  (map (\x -> x - 1) xs, map (10 -) xs, map (* 2) xs)
