-- The cost of gradients: each primal beside its gradient by reverse mode (vjp), for the gradient
-- cost table of docs/performance.md (`scripts/futhark4j bench bench/ad/gradients.fut`).

-- ==
-- entry: squares squares_grad
-- random input { [1000000]f64 }

entry squares (xs: []f64) : f64 = f64.sum (map (\x -> x * x) xs)
entry squares_grad (xs: []f64) : []f64 = vjp (\xs -> f64.sum (map (\x -> x * x) xs)) xs 1

-- ==
-- entry: matvec matvec_grad
-- random input { [1000][1000]f64 [1000]f64 }

def mv [n][m] (a: [n][m]f64) (v: [m]f64) : [n]f64 = map (\row -> f64.sum (map2 (*) row v)) a
entry matvec [n][m] (a: [n][m]f64) (v: [m]f64) : f64 = f64.sum (mv a v)
entry matvec_grad [n][m] (a: [n][m]f64) (v: [m]f64) : ([n][m]f64, [m]f64) =
  vjp (\(a, v) -> f64.sum (mv a v)) (a, v) 1

-- ==
-- entry: gathered gathered_grad
-- random input { [1000000]f64 [1000000]i64 }

entry gathered [n] (xs: [n]f64) (is: [n]i64) : f64 = f64.sum (map (\i -> f64.sin xs[i % n]) is)
entry gathered_grad [n] (xs: [n]f64) (is: [n]i64) : [n]f64 =
  vjp (\xs -> f64.sum (map (\i -> f64.sin xs[i % n]) is)) xs 1

-- ==
-- entry: horner horner_grad
-- random input { [1000000]f64 0.5f64 }

def horner_f (cs: []f64, x: f64) : f64 = loop acc = 0 for i < length cs do acc * x + cs[length cs - 1 - i]
entry horner (cs: []f64) (x: f64) : f64 = horner_f (cs, x)
entry horner_grad (cs: []f64) (x: f64) : ([]f64, f64) = vjp horner_f (cs, x) 1

-- ==
-- entry: branchy branchy_grad
-- random input { [1000000]f64 }

entry branchy (xs: []f64) : f64 = f64.sum (map (\x -> if x > 0.5 then f64.exp x else x * x) xs)
entry branchy_grad (xs: []f64) : []f64 =
  vjp (\xs -> f64.sum (map (\x -> if x > 0.5 then f64.exp x else x * x) xs)) xs 1

-- ==
-- entry: dotloss dotloss_grad
-- random input { [1000][1000]f64 [1000]f64 [1000]f64 }

def dotloss_f [n][m] (xs: [n][m]f64) (ys: [n]f64) (w: [m]f64) : f64 =
  f64.sum (map2 (\row y -> let r = f64.sum (map2 (*) row w) - y in r * r) xs ys)
entry dotloss [n][m] (xs: [n][m]f64) (ys: [n]f64) (w: [m]f64) : f64 = dotloss_f xs ys w
entry dotloss_grad [n][m] (xs: [n][m]f64) (ys: [n]f64) (w: [m]f64) : [m]f64 = vjp (dotloss_f xs ys) w 1

-- ==
-- entry: matmul matmul_grad
-- random input { [256][256]f64 [256][256]f64 }

def matmul_f [n][m][p] (a: [n][m]f64, b: [m][p]f64) : f64 =
  let c = map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
  in f64.sum (map (\r -> f64.sum (map (\x -> x * x) r)) c)
entry matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : f64 = matmul_f (a, b)
entry matmul_grad [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : ([n][m]f64, [m][p]f64) = vjp matmul_f (a, b) 1

-- ==
-- entry: gmm gmm_grad
-- random input { [10000][8]f64 [16]f64 [16][8]f64 [16][8]f64 }

def logsumexp (xs: []f64) : f64 =
  let m = f64.maximum xs in m + f64.log (f64.sum (map (\x -> f64.exp (x - m)) xs))
def gmm_f [n][k][d] (x: [n][d]f64) (alpha: [k]f64, mu: [k][d]f64, q: [k][d]f64) : f64 =
  let sumq = map f64.sum q
  let ll = map (\xi -> logsumexp (map4 (\a m qk sq -> a + sq - 0.5 * f64.sum (map3 (\xv mv qv -> let t = f64.exp qv * (xv - mv) in t * t) xi m qk)) alpha mu q sumq)) x
  in f64.sum ll - f64.i64 n * logsumexp alpha
entry gmm [n][k][d] (x: [n][d]f64) (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) : f64 = gmm_f x (alpha, mu, q)
entry gmm_grad [n][k][d] (x: [n][d]f64) (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) : ([k]f64, [k][d]f64, [k][d]f64) =
  vjp (gmm_f x) (alpha, mu, q) 1

-- ==
-- entry: nbody nbody_grad
-- random input { [1000]f64 [1000]f64 [1000]f64 [1000]f64 }

def energy_f [n] (xs: [n]f64, ys: [n]f64, zs: [n]f64) (ms: [n]f64) : f64 =
  let pot = map4 (\xi yi zi mi ->
                    f64.sum (map4 (\xj yj zj mj ->
                                     let (dx, dy, dz) = (xi - xj, yi - yj, zi - zj)
                                     in mi * mj / f64.sqrt (dx * dx + dy * dy + dz * dz + 1e-3)) xs ys zs ms))
                 xs ys zs ms
  in -0.5 * f64.sum pot
entry nbody [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) : f64 = energy_f (xs, ys, zs) ms
entry nbody_grad [n] (xs: [n]f64) (ys: [n]f64) (zs: [n]f64) (ms: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  vjp (\p -> energy_f p ms) (xs, ys, zs) 1
