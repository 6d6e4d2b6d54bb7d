-- Reverse mode through minima and maxima (reduce with min or max, with and without a fused map):
-- the adjoint goes to the first element equal to the result, or to the neutral element when it
-- equals the result; a logsumexp, whose gradient is the softmax.

def logsumexp (xs: []f64) : f64 =
  let m = f64.maximum xs in m + f64.log (f64.sum (map (\x -> f64.exp (x - m)) xs))

-- ==
-- entry: grad_max
-- input { [1.0, 5.0, 3.0, 5.0, -2.0] } output { [0.0, 1.0, 0.0, 0.0, 0.0] }
-- input { empty([0]f64) } output { empty([0]f64) }
entry grad_max (xs: []f64) : []f64 = vjp f64.maximum xs 1

-- ==
-- entry: grad_min_map
-- input { [1.0, -5.0, 3.0, -5.0] 2.0 } output { [0.0, 150.0, 0.0, 0.0] -125.0 }
entry grad_min_map (xs: []f64) (c: f64) : ([]f64, f64) =
  vjp (\(xs, c) -> f64.minimum (map (\x -> c * x * x * x) xs)) (xs, c) 1

-- ==
-- entry: grad_max_ne
-- input { [-1.0, -3.0] } output { [0.0, 0.0] 1.0 }
-- input { [1.0, -3.0] } output { [1.0, 0.0] 0.0 }
-- input { [-1.0, 0.0, 0.0] } output { [0.0, 0.0, 0.0] 1.0 }
-- input { [-1.0, 2.0, 2.0] } output { [0.0, 1.0, 0.0] 0.0 }
entry grad_max_ne (xs: []f64) : ([]f64, f64) =
  vjp (\(xs, z) -> reduce f64.max z xs) (xs, 0) 1

-- ==
-- entry: grad_lse
-- input { [1.0, 2.0, 3.0] } output { [0.09003057317038046, 0.24472847105479767, 0.6652409557748219] }
entry grad_lse (xs: []f64) : []f64 = vjp logsumexp xs 1

-- ==
-- entry: grad_rows
-- input { [[1.0, 2.0], [4.0, -1.0], [0.5, 0.5]] } output { [[3.0, 2.0], [0.0, 0.0], [0.0, 0.0]] }
entry grad_rows [n] (xss: [n][2]f64) : [n][2]f64 =
  vjp (\xss -> f64.maximum (map (\r -> r[0] * r[1] + r[0] + r[1]) xss)) xss 1
