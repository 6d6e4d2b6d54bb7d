-- Two-parameter (dyadic) entry points, each with its own test block.
-- ==
-- entry: dot
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] }
-- output { 32.0 }
entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = reduce (+) 0 (map2 (*) xs ys)

-- ==
-- entry: scale
-- input { 3.0 [1.0, 2.0] }
-- output { [3.0, 6.0] }
entry scale (k: f64) (xs: []f64) : []f64 = map (* k) xs
