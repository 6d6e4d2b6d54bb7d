-- filter and partition over 100000 elements keep order.
-- ==
-- input { 100000i64 }
-- output { 33300i64 -447i64 0i64 50000i64 419i64 }
entry main (n: i64) : (i64, i64, i64, i64, i64) =
  let xs = map (\i -> (i * 7919) % 1000 - 500) (iota n)
  let ys = filter (\x -> x % 3 == 0) xs
  let (a, b) = partition (< 0) xs
  in (length ys, ys[length ys - 1], i64.sum ys, length a, b[0])
