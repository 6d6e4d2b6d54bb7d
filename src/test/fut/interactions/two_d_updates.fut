-- In-place updates of elements and rows of a 2-d array in nested loops; the original is untouched.
-- ==
-- input { 3i64 } output { [[0i64, 1i64, 2i64], [9i64, 9i64, 9i64], [2i64, 3i64, 4i64]] 0i64 }
entry main (n: i64) : ([][]i64, i64) =
  let orig = replicate n (replicate n 0i64)
  let m = copy orig
  let m = loop m for i < n do
            loop m for j < n do
              let m[i, j] = i + j
              in m
  let m = m with [1] = replicate n 9
  in (m, i64.sum (flatten orig))
