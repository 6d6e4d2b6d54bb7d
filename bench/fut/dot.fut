-- Dot product of two f64 vectors: a bandwidth-bound map fused into a reduction (2^24 elements).
-- ==
-- entry: dot dot_zip dot_record dot_tabulate
-- input { [1.0f64, 2.0f64, 3.0f64] [4.0f64, -5.0f64, 6.0f64] }
-- output { 12.0f64 }
-- random input { [16777216]f64 [16777216]f64 }

entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  f64.sum (map2 (*) xs ys)

-- The same dot product in other spellings (Kernel#spellings): map over zip with a tuple pattern
-- then reduce, a record of the two arrays, and tabulate indexing both (in range, so unchecked).

entry dot_zip [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  reduce (+) 0 (map (\(x, y) -> x * y) (zip xs ys))

entry dot_record [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  let v = {a = xs, b = ys}
  in f64.sum (map2 (*) v.a v.b)

entry dot_tabulate [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  f64.sum (tabulate n (\i -> xs[i] * ys[i]))
