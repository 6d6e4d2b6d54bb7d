-- A record update may give an array field another size: the record has the new value's type.
def grow (r: {xs: []i32, n: i64}) = r with xs = r.xs ++ r.xs

entry main [n] [m] (xs: [n]i32) (ys: [m]i32) : ([m]i32, i64, i64) =
  let r0 = {xs, n = length ys}
  let r1 = r0 with xs = ys
  let r2 = grow r0
  in (r1.xs, length r2.xs, r1.n)
-- ==
-- input { [1, 2] [3, 4, 5] } output { [3, 4, 5] 4i64 3i64 }
