-- The operators of reduce and scan are lambdas capturing local values and an array (both associative).
-- ==
-- input { [1i32, 2i32, 3i32] 2i32 } output { 1i32 [1i32, 4i32, 9i32] }
entry main [n] (xs: [n]i32) (k: i32) : (i32, [n]i32) =
  let w = map (* k) xs
  let m = k + 3
  in (reduce (\a b -> (a + b) % m) 0 xs, scan (\a b -> a + b + w[0] - k) 0 (map (\x -> x + 0) (map (\i -> i32.i64 i * 2 + 1) (iota n))))
