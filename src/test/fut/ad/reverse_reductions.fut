-- Reverse mode through reductions by other associative operators: each element's adjoint is the
-- reverse of (l op y) op r, with l and r the reductions of the elements before and after it.

-- ==
-- entry: product
-- input { [1.5, 2.0, -3.0, 0.5] } output { [-3.0, -2.25, 1.5, -9.0] }
-- input { [2.0, 0.0, 3.0] } output { [0.0, 6.0, 0.0] }
entry product (xs: []f64) : []f64 = vjp f64.product xs 1

-- ==
-- entry: pairs
-- input { [1.0, 4.0, 2.0] } output { [8.644836893890236, -2.506570603212591, -6.6583493847542785] }
entry pairs (xs: []f64) : []f64 =
  vjp (\xs -> let (s, m) = reduce (\(a1, b1) (a2, b2) -> (a1 + a2, f64.max b1 b2)) (0, -f64.inf) (map (\x -> (f64.sin x, x * x)) xs)
              in s * m) xs 1

-- ==
-- entry: affine
-- input { [0.5, 2.0, -1.0] [1.0, 3.0, 0.5] } output { [-2.0, -2.5, 11.0] [-4.0, -2.0, 2.0] }
entry affine [n] (as: [n]f64) (bs: [n]f64) : ([n]f64, [n]f64) =
  vjp (\(as, bs) -> let (a, b) = reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (zip as bs) in a + 2 * b) (as, bs) 1

-- ==
-- entry: empty_product
-- input { empty([0]f64) } output { empty([0]f64) }
entry empty_product (xs: []f64) : []f64 = vjp f64.product xs 1
