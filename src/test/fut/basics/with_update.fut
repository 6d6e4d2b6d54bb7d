-- In-place updates with `with` on a fresh array.
-- ==
-- input { 5i64 }
-- output { [0i64, 1i64, 4i64, 9i64, 16i64] }
entry main (n: i64) : []i64 =
  loop acc = replicate n 0i64 for i < n do acc with [i] = i * i
