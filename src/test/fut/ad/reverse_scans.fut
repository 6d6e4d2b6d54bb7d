-- Reverse mode through prefix sums: each scanned value's adjoint is the sum of the result's
-- adjoints from its position on; with a fused map, and with two components.

-- ==
-- entry: weighted
-- input { [1.0, 2.0, 3.0, 4.0] } output { [12.0, 24.0, 30.0, 24.0] }
entry weighted [n] (xs: [n]f64) : [n]f64 =
  vjp (\xs -> f64.sum (map2 (*) (scan (+) 0 (map (\x -> x * x) xs)) (map f64.i64 (iota n)))) xs 1

-- ==
-- entry: pairs
-- input { [1.0, 2.0, 3.0] 2.0 }
-- output { [19.774301749632635, -0.2053293951945161, -8.096133119818456] 17.445106737869303 }
entry pairs (xs: []f64) (c: f64) : ([]f64, f64) =
  vjp (\(xs, c) -> let (a, b) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 + a2, b1 + b2)) (0, 0) (map (\x -> (f64.sin x, x * c)) xs))
                   in f64.sum (map2 (*) a b)) (xs, c) 1

-- ==
-- entry: empty_scan
-- input { empty([0]f64) } output { empty([0]f64) }
entry empty_scan (xs: []f64) : []f64 = vjp (\xs -> f64.sum (scan (+) 0 xs)) xs 1
