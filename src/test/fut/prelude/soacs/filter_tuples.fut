-- filter on an array of tuples keeps order.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] [2i32, 7i32, 1i32, 8i32, 2i32, 8i32, 1i32, 8i32] }
-- output { [1i32, 1i32, 6i32] [7i32, 8i32, 8i32] }
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) = unzip (filter (\(x, y) -> x < y) (zip xs ys))
