-- Dot product of two f64 vectors: a bandwidth-bound map fused into a reduction (2^24 elements).
-- ==
-- entry: dot
-- input { [1.0f64, 2.0f64, 3.0f64] [4.0f64, -5.0f64, 6.0f64] }
-- output { 12.0f64 }
-- random input { [16777216]f64 [16777216]f64 }

entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  f64.sum (map2 (*) xs ys)
