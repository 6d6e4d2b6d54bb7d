-- Cholesky factorisation: a column computed by a map with inner loops, written back by an in-place loop.
-- ==
-- input { [[25.0f64, 15.0f64, -5.0f64, 1.0f64], [15.0f64, 18.0f64, 0.0f64, 2.0f64], [-5.0f64, 0.0f64, 11.0f64, 3.0f64], [1.0f64, 2.0f64, 3.0f64, 20.0f64]] }
-- output { [[5.0f64, 0.0f64, 0.0f64, 0.0f64], [3.0f64, 3.0f64, 0.0f64, 0.0f64], [-1.0f64, 1.0f64, 3.0f64, 0.0f64], [0.2f64, 0.4666666666666666f64, 0.9111111111111111f64, 4.348804291461286f64]] }
entry main [n] (a: [n][n]f64) : [n][n]f64 =
  loop l = replicate n (replicate n 0f64) for j < n do
    let s = loop s = 0 for k < j do s + l[j, k] * l[j, k]
    let d = f64.sqrt (a[j, j] - s)
    let col = map (\i -> if i < j then 0
                         else if i == j then d
                         else (a[i, j] - (loop t = 0 for k < j do t + l[i, k] * l[j, k])) / d)
                  (iota n)
    in loop l for i < n do
         if i >= j then l with [i, j] = col[i] else l
