-- zip, map over pairs, unzip.
-- ==
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { [5i32, 7i32, 9i32] [-3i32, -3i32, -3i32] }
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  unzip (map (\(x, y) -> (x + y, x - y)) (zip xs ys))
