-- `let a[i] = v in` is sugar for an in-place update.
-- ==
-- input { 4i64 }
-- output { [5i64, 0i64, 0i64, 6i64] }
entry main (n: i64) : []i64 =
  let a = replicate n 0
  let a[0] = 5
  let a[n-1] = a[0] + 1
  in a
