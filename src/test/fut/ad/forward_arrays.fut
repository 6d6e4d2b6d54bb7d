-- Forward-mode AD through SOACs: map, reduce, scan, and jmp pushing several tangents.
-- ==
-- entry: squares
-- input { [1.0, 2.0, 3.0] } output { [2.0, 4.0, 6.0] }

-- ==
-- entry: product_first
-- input { [1.0, 2.0, 3.0] } output { 6.0 }

-- ==
-- entry: prefix_sums
-- input { [1.0, 2.0, 3.0] } output { [0.0, 1.0, 1.0] }

-- ==
-- entry: dot
-- input { [1.0, 2.0] [3.0, 4.0] } output { 25.0 }

-- ==
-- entry: jacobian
-- input { 3.0 } output { [[0.3333333333333333, 0.0], [3.0, 1.0]] }

entry squares (xs: []f64) : []f64 = jvp (\xs -> map (\x -> x * x) xs) xs (map (const 1) xs)

entry product_first (xs: []f64) : f64 =
  jvp (\xs -> reduce (*) 1 xs) xs (map (\i -> if i == 0 then 1 else 0) (indices xs))

entry prefix_sums (xs: []f64) : []f64 =
  jvp (\xs -> scan (+) 0 xs) xs (map (\i -> if i == 1 then 1 else 0) (indices xs))

-- The derivative of xs . ys with respect to xs, in the direction ys, is ys . ys.
entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  jvp (\xs -> f64.sum (map2 (*) xs ys)) xs ys

entry jacobian (x: f64) : [][]f64 =
  jmp (\(a: f64, b: f64) -> (a * b, b)) (x, 1) [(1 / x, 0), (0, 1)] |> map (\(a, b) -> [a, b])
