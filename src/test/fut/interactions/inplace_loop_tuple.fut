-- In-place updates of two arrays carried as a tuple through a loop.
-- ==
-- input { 3i64 } output { [1i64, 2i64, 3i64] [2i64, 4i64, 6i64] }
entry main (n: i64) : ([]i64, []i64) =
  let (a, b) = (replicate n 0, replicate n 1)
  in loop (a, b) for i < n do
       let a[i] = b[i] + i
       let b = b with [i] = a[i] * 2
       in (a, b)
