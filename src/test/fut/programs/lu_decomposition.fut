-- Doolittle LU decomposition: sequential loops over ranges with in-place element updates of two matrices.
-- ==
-- input { [[4.0f64, 3.0f64, 2.0f64], [6.0f64, 3.0f64, 1.0f64], [2.0f64, 5.0f64, 7.0f64]] }
-- output { [[1.0f64, 0.0f64, 0.0f64], [1.5f64, 1.0f64, 0.0f64], [0.5f64, -2.3333333333333335f64, 1.0f64]] [[4.0f64, 3.0f64, 2.0f64], [0.0f64, -1.5f64, -2.0f64], [0.0f64, 0.0f64, 1.333333333333333f64]] }
entry main [n] (a: [n][n]f64) : ([n][n]f64, [n][n]f64) =
  let l = tabulate_2d n n (\i j -> if i == j then 1f64 else 0)
  let u = replicate n (replicate n 0f64)
  in loop (l, u) for i < n do
       let u = loop u for k in i..<n do
                 let s = loop s = 0 for j < i do s + l[i, j] * u[j, k]
                 in u with [i, k] = a[i, k] - s
       let l = loop l for k in (i + 1)..<n do
                 let s = loop s = 0 for j < i do s + l[k, j] * u[j, i]
                 in l with [k, i] = (a[k, i] - s) / u[i, i]
       in (l, u)
