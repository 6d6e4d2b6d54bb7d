-- let [n] binds the size of an existentially sized array.
-- ==
-- input { [1i32, -1i32, 2i32] }
-- output { 2i64 [0i64, 1i64] }
entry main (xs: []i32) : (i64, []i64) =
  let [n] (ys: [n]i32) = filter (> 0) xs
  in (n, iota n)
