-- let [n] binds the size of a filter result, used in a type ascription and as a value.
-- ==
-- input { [5i32, -1i32, 7i32, 0i32] } output { 2i64 [6i32, 8i32] [0i64, 1i64] }
entry main (xs: []i32) : (i64, []i32, []i64) =
  let [n] (ys: [n]i32) = filter (> 0) xs
  let zs : [n]i32 = map (+ 1) ys
  in (n, zs, iota n)
