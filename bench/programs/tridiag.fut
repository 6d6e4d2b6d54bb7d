-- Many independent tridiagonal linear systems, solved with the Thomas algorithm.
--
-- System s is  a[s][i] x[i-1] + b[s][i] x[i] + c[s][i] x[i+1] = d[s][i]  for i < n (a[s][0]
-- and c[s][n-1] are ignored), as they arise in implicit or ADI finite-difference PDE solvers,
-- one system per grid line. The diagonal is made strictly dominant inside the program (2 is
-- added to b), so the elimination needs no pivoting.
--
-- Parallelism: a map over the m systems; each system is solved sequentially, by a forward
-- elimination loop and a back-substitution loop that update arrays in place. Memory-bound
-- (the loops touch five arrays of n elements per system).
-- ==
-- input { [[0f32, 1f32, 1f32, 1f32], [0f32, 0.5f32, 0.25f32, 2f32]]
--         [[2f32, 2f32, 2f32, 2f32], [1f32, 3f32, 1f32, 0f32]]
--         [[1f32, 1f32, 1f32, 0f32], [0.5f32, 1f32, 0.75f32, 0f32]]
--         [[1f32, 2f32, 3f32, 4f32], [4f32, -1f32, 0f32, 2f32]] }
-- output { [[0.162679434f32, 0.349282295f32, 0.440191388f32, 0.889952123f32],
--           [1.37957621f32, -0.277456671f32, -0.302504838f32, 1.3025049f32]] }
-- random input { [16384][128]f32 [16384][128]f32 [16384][128]f32 [16384][128]f32 }
-- random input { [512][2048]f32 [512][2048]f32 [512][2048]f32 [512][2048]f32 }

def thomas [n] (a: [n]f32) (b: [n]f32) (c: [n]f32) (d: [n]f32) : [n]f32 =
  -- Forward elimination: c' and d' of the equivalent upper bidiagonal system.
  let c' = replicate n 0f32
  let d' = replicate n 0f32
  let (c', d') =
    loop (c', d') for i < n do
      let (cp, dp) = if i == 0 then (0, 0) else (c'[i-1], d'[i-1])
      let denom = b[i] - a[i] * cp
      let c' = c' with [i] = c[i] / denom
      let d' = d' with [i] = (d[i] - a[i] * dp) / denom
      in (c', d')
  -- Back substitution, from the last unknown up.
  let x = copy d'
  in loop x for j < n - 1 do
       let i = n - 2 - j
       in x with [i] = d'[i] - c'[i] * x[i+1]

entry main [m][n] (a: [m][n]f32) (b: [m][n]f32) (c: [m][n]f32) (d: [m][n]f32) : [m][n]f32 =
  let b = map (map (+ 2)) b
  in map4 thomas a b c d
