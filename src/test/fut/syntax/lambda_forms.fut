-- Lambdas with several parameters, tuple patterns and return type annotations.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [1i32, 4i32, 9i32] [2i32, 6i32, 12i32] }
entry main (xs: []i32) : ([]i32, []i32) =
  (map (\x : i32 -> x * x) xs, map2 (\a (b, c) -> a + b * c) xs (zip xs xs))
