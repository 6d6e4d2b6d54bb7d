-- with_vjp: reverse mode uses the custom adjoint, also where it is not f's derivative (a
-- straight-through estimator, a clipped gradient, a scaled one), so each case below tells the two
-- apart; forward mode differentiates f itself. Expected values from the reference compiler, except
-- clipped_in_loop, which it fails to compile (an internal error): worked by hand, the adjoint
-- going back through three steps y' = clip y * 0.5 + y is 1 -> 1.5 -> 2.25 -> 2.25 + min 1 1.125,
-- whatever x. The source interpreter, like the reference's, ignores custom adjoints: those cases
-- are `compiled`.

def st (x: f64) : f64 = with_vjp f64.round (\_ adj -> adj) x

-- ==
-- entry: straight_through
-- compiled input { [0.3, -1.7, 2.2] } output { [2.0, 2.0, 2.0] }
entry straight_through (xs: []f64) : []f64 =
  vjp (\xs -> f64.sum (map (\x -> 2 * st x) xs)) xs 1

-- ==
-- entry: forward_differentiates_f
-- input { 0.3 } output { 0.0 }
entry forward_differentiates_f (x: f64) : f64 =
  jvp st x 1

-- ==
-- entry: primal_only
-- input { [0.3, -1.7, 2.2] } output { [0.0, -2.0, 2.0] }
entry primal_only (xs: []f64) : []f64 = map st xs

def clip (x: f64) : f64 = with_vjp (\x -> x * x) (\_ adj -> f64.max (-1) (f64.min 1 adj)) x

-- ==
-- entry: clipped_in_loop
-- compiled input { 0.8 } output { 3.25 }
-- compiled input { -3.0 } output { 3.25 }
entry clipped_in_loop (x: f64) : f64 =
  vjp (\x -> loop y = x for _i < 3 do clip y * 0.5 + y) x 1

def pair = with_vjp (\(a: f64, b: f64) -> (a * b, a + b)) (\(_, _) (pa, sa) -> (pa * 10 + sa, pa * 100 + sa))

-- ==
-- entry: tuples
-- compiled input { 2.0 3.0 5.0 } output { 6.0 5.0 15.0 105.0 }
entry tuples (a: f64) (b: f64) (s: f64) : (f64, f64, f64, f64) =
  let (p, q) = pair (a, b)
  let (ga, gb) = vjp pair (a, b) (1, s)
  in (p, q, ga, gb)

-- ==
-- entry: arrays
-- compiled input { [1.0, 2.0] } output { [3.0, 3.0] }
entry arrays (xs: []f64) : []f64 =
  vjp (\xs -> f64.sum (with_vjp (\xs -> map (* 2) xs) (\_ adj -> map (* 3) adj) xs)) xs 1

-- ==
-- entry: uses_result
-- compiled input { 0.5 } output { 26.890134422028389 }
entry uses_result (x: f64) : f64 =
  vjp (\x -> with_vjp f64.exp (\y adj -> y * adj * 2) (x * 3)) x 1

def cube (x: f64) : f64 = with_vjp (\x -> x * x * x) (\_ adj -> 4 * x * x * adj) x

-- ==
-- entry: forward_over_reverse
-- compiled input { 2.0 } output { 16.0 }
entry forward_over_reverse (x: f64) : f64 =
  jvp (\x -> vjp cube x 1) x 1

-- ==
-- entry: in_map_and_if
-- compiled input { [0.5, -2.0, 1.5] } output { [1.0, 3.0, 3.0] }
entry in_map_and_if (xs: []f64) : []f64 =
  vjp (\xs -> f64.sum (map (\x -> if x > 0 then st (x * x) else 3 * st x) xs)) xs 1
