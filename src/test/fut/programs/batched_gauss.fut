-- A batch of linear systems solved by Gaussian elimination with partial pivoting: in-place element and row updates of a matrix in nested loops, inside a map over the batch.
-- ==
-- input { [[[2.0f64, 1.0f64, -1.0f64], [-3.0f64, -1.0f64, 2.0f64], [-2.0f64, 1.0f64, 2.0f64]], [[0.0f64, 2.0f64, 1.0f64], [1.0f64, 1.0f64, 1.0f64], [4.0f64, 0.0f64, 3.0f64]]] [[8.0f64, -11.0f64, -3.0f64], [5.0f64, 6.0f64, 13.0f64]] }
-- output { [[2.0f64, 3.0000000000000004f64, -0.9999999999999999f64], [4.0f64, 3.0f64, -1.0f64]] }
def solve [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 =
  let (a, b) =
    loop (a, b) = (copy a, copy b) for k < n do
      let p = loop p = k for i in (k + 1)..<n do
                if f64.abs a[i, k] > f64.abs a[p, k] then i else p
      let rk = copy a[k]
      let rp = copy a[p]
      let a[k] = rp
      let a[p] = rk
      let bk = b[k]
      let b[k] = b[p]
      let b[p] = bk
      in loop (a, b) for i in (k + 1)..<n do
           let f = a[i, k] / a[k, k]
           let a = loop a for j in k..<n do a with [i, j] = a[i, j] - f * a[k, j]
           in (a, b with [i] = b[i] - f * b[k])
  let x = replicate n 0f64
  in loop x for r < n do
       let i = n - 1 - r
       let s = loop s = 0 for j in (i + 1)..<n do s + a[i, j] * x[j]
       in x with [i] = (b[i] - s) / a[i, i]

entry main [k][n] (as: [k][n][n]f64) (bs: [k][n]f64) : [k][n]f64 = map2 solve as bs
