-- Lambdas given to map capture whole arrays and a reduction computed outside.
-- ==
-- input { [1i32, 2i32, 3i32] [10i32, 20i32, 30i32] }
-- output { [31i32, 22i32, 13i32] [61i32, 62i32, 63i32] }
entry main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  let s = i32.sum ys
  in (map (\i -> xs[i] + ys[n - 1 - i]) (iota n), map (\x -> x + s) xs)
