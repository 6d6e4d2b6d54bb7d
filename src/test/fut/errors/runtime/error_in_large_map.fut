-- An out-of-bounds index in one element of a 100000-element map is reported.
-- ==
-- input { 100000i64 -1i64 }
-- output { 450000i64 }
-- input { 100000i64 77777i64 }
-- error: out of bounds
entry main (n: i64) (bad: i64) : i64 =
  let xs = iota 10
  in i64.sum (map (\i -> if i == bad then xs[10] else xs[i % 10]) (iota n))
