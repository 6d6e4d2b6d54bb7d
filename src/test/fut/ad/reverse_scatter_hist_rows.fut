-- Reverse mode through histograms by +, scatters (indices out of range ignored) and reads and
-- writes of whole rows.

-- ==
-- entry: buckets
-- input { [1.0, 2.0, 3.0, 4.0, 5.0] [0i64, 2i64, 0i64, 7i64, 1i64] }
-- output { [2.0, 400.0, 6.0, 0.0, 100.0] }
entry buckets [n] (xs: [n]f64) (is: [n]i64) : [n]f64 =
  vjp (\xs -> let h = hist (+) 0 3 is (map (\x -> x * x) xs) in f64.sum (map2 (*) h [1, 10, 100])) xs 1

-- ==
-- entry: scattered
-- input { [1.0, 2.0, 3.0] [4.0, 5.0] [2i64, -1i64] }
-- output { [1.0, 2.0, 0.0] [-1.960930862590836, 0.0] }
entry scattered [k] (dest: [3]f64) (vs: [k]f64) (is: [k]i64) : ([3]f64, [k]f64) =
  vjp (\(dest, vs) -> let r = scatter (copy dest) is (map f64.sin vs) in f64.sum (map2 (*) r [1, 2, 3])) (dest, vs) 1

-- ==
-- entry: rows
-- input { [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] }
-- output { [[3.0, 1.0], [21.0, 9.0], [0.0, 0.0]] }
entry rows [n] (xss: [n][2]f64) : [n][2]f64 =
  vjp (\xss -> let r = xss[1]
               let yss = copy xss with [2] = map (\x -> x * x) r
               in f64.sum (map (\ys -> ys[0] * 3 + ys[1]) yss)) xss 1

-- ==
-- entry: rotated
-- input { [1.0, 2.0, 3.0, 4.0] 1i64 } output { [3.0, 0.0, 1.0, 2.0] }
-- input { [1.0, 2.0, 3.0, 4.0] -7i64 } output { [3.0, 0.0, 1.0, 2.0] }
-- input { [1.0, 2.0, 3.0, 4.0] 6i64 } output { [2.0, 3.0, 0.0, 1.0] }
entry rotated [n] (xs: [n]f64) (r: i64) : [n]f64 =
  vjp (\xs -> f64.sum (map2 (*) (rotate r xs) (map f64.i64 (iota n)))) xs 1
