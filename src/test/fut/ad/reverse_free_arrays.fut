-- Reverse mode of maps whose function reads free arrays whole (by an inner map or reduction):
-- the arrays' adjoints are summed over the rows in place. Least squares, a product of matrices,
-- a Gaussian mixture's log-likelihood and the potential energy of bodies, with their gradients.

def dotloss [n][m] (xs: [n][m]f64) (ys: [n]f64) (w: [m]f64) : f64 =
  f64.sum (map2 (\row y -> let r = f64.sum (map2 (*) row w) - y in r * r) xs ys)

-- ==
-- entry: grad_dotloss
-- input { [[1.0, 2.0], [3.0, -1.0], [0.5, 4.0]] [1.0, 2.0, -1.0] [0.5, -0.25] }
-- output { [-3.25, -1.5] }
entry grad_dotloss [n][m] (xs: [n][m]f64) (ys: [n]f64) (w: [m]f64) : [m]f64 = vjp (dotloss xs ys) w 1

def matmul [n][m][p] (a: [n][m]f64, b: [m][p]f64) : f64 =
  let c = map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
  in f64.sum (map (\r -> f64.sum (map (\x -> x * x) r)) c)

-- ==
-- entry: grad_matmul
-- input { [[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]] [[2.0, -1.0], [0.5, 1.0], [1.0, 1.0]] }
-- output { [[11.0, 6.5, 10.0], [-4.0, 9.0, 10.0]] [[5.0, -5.0], [14.0, 6.0], [9.5, 25.5]] }
entry grad_matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : ([n][m]f64, [m][p]f64) = vjp matmul (a, b) 1

def logsumexp (xs: []f64) : f64 =
  let m = f64.maximum xs in m + f64.log (f64.sum (map (\x -> f64.exp (x - m)) xs))

def gmm [n][k][d] (x: [n][d]f64) (alpha: [k]f64, mu: [k][d]f64, q: [k][d]f64) : f64 =
  let sumq = map f64.sum q
  let ll = map (\xi -> logsumexp (map4 (\a m qk sq -> a + sq - 0.5 * f64.sum (map3 (\xv mv qv -> let t = f64.exp qv * (xv - mv) in t * t) xi m qk)) alpha mu q sumq)) x
  in f64.sum ll - f64.i64 n * logsumexp alpha

-- ==
-- entry: grad_gmm
-- input { [[0.5, 1.0], [-1.0, 2.0], [0.0, 0.0]] [0.1, -0.3] [[0.0, 1.0], [1.0, -1.0]] [[0.2, -0.1], [0.0, 0.3]] }
-- output { [0.95041304989751252, -0.95041304989751241]
--          [[-0.76236717965711731, 0.18919012486400166], [-0.24249396680131222, 0.50285121716592684]]
--          [[0.89013886404044396, 1.2983629192224484], [0.016400020628753897, -0.33148033540016986]] }
entry grad_gmm [n][k][d] (x: [n][d]f64) (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) : ([k]f64, [k][d]f64, [k][d]f64) =
  vjp (gmm x) (alpha, mu, q) 1

def energy [n] (xs: [n]f64, ys: [n]f64, zs: [n]f64) (ms: [n]f64) : f64 =
  let pot = map4 (\xi yi zi mi ->
                    f64.sum (map4 (\xj yj zj mj ->
                                     let (dx, dy, dz) = (xi - xj, yi - yj, zi - zj)
                                     in mi * mj / f64.sqrt (dx * dx + dy * dy + dz * dz + 1e-3)) xs ys zs ms))
                 xs ys zs ms
  in -0.5 * f64.sum pot

-- ==
-- entry: grad_energy
-- input { [0.0, 1.0, 0.5] [0.0, 0.0, 1.0] [0.0, 0.5, -0.5] [1.0, 2.0, 0.5] }
-- output { [-1.5653147151306139, 1.5774173586492775, -0.012102643518663553]
--          [-0.27189358807726721, -0.29609887511459432, 0.56799246319186159]
--          [-0.57873716650735652, 1.0107828356605846, -0.43204566915322795] }
entry grad_energy [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  vjp (\p -> energy p ms) (xs, ys, zs) 1
