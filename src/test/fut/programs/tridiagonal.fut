-- A batch of tridiagonal systems solved by the Thomas algorithm: in-place updates inside sequential loops inside a map4.
-- ==
-- input { [[0.0f32, 1.0f32, 1.0f32, 1.0f32, 1.0f32], [0.0f32, -1.0f32, 2.0f32, 0.5f32, 1.0f32]] [[4.0f32, 4.0f32, 4.0f32, 4.0f32, 4.0f32], [5.0f32, 6.0f32, 7.0f32, 6.0f32, 5.0f32]] [[1.0f32, 1.0f32, 1.0f32, 1.0f32, 0.0f32], [1.0f32, 1.0f32, -2.0f32, 1.0f32, 0.0f32]] [[5.0f32, 6.0f32, 6.0f32, 6.0f32, 5.0f32], [1.0f32, 2.0f32, 3.0f32, 4.0f32, 5.0f32]] }
-- output { [[1.0f32, 1.0f32, 1.0f32, 1.0f32, 1.0f32], [0.1446898343618058f32, 0.2765508281909711f32, 0.4853848652159792f32, 0.47539785644689836f32, 0.9049204287106204f32]] }
def thomas [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (d: [n]f32) : [n]f32 =
  let cp = replicate n 0f32
  let dp = replicate n 0f32
  let cp[0] = c[0] / b[0]
  let dp[0] = d[0] / b[0]
  let (cp, dp) =
    loop (cp, dp) for i in 1..<n do
      let m = b[i] - a[i] * cp[i - 1]
      let cp[i] = c[i] / m
      let dp[i] = (d[i] - a[i] * dp[i - 1]) / m
      in (cp, dp)
  let x = copy dp
  in loop x for j < n - 1 do
       let i = n - 2 - j
       in x with [i] = dp[i] - cp[i] * x[i + 1]

entry main [k][n] (a: [k][n]f32) (b: [k][n]f32) (c: [k][n]f32) (d: [k][n]f32) : [k][n]f32 =
  map4 thomas a b c d
