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
