-- The kernels of `futhark4j spark-demo` (docs/spark.md): feature standardisation and a k-means
-- step over rows of d features, as Spark runs them a batch of rows at a time.

-- Per feature: the sum and the sum of squares over a batch, and the batch's row count.
entry moments [n][d] (xs: [n][d]f64) : ([d]f64, [d]f64, i64) =
  let t = transpose xs
  in (map f64.sum t, map (\c -> f64.sum (map (\x -> x * x) c)) t, n)

-- Combines two results of `moments`.
entry moments_add [d] (s1: [d]f64) (q1: [d]f64) (n1: i64) (s2: [d]f64) (q2: [d]f64) (n2: i64)
  : ([d]f64, [d]f64, i64) =
  (map2 (+) s1 s2, map2 (+) q1 q2, n1 + n2)

-- Each feature minus its mean, divided by its standard deviation.
entry standardise [n][d] (mean: [d]f64) (sd: [d]f64) (xs: [n][d]f64) : [n][d]f64 =
  map (\x -> map3 (\v m s -> (v - m) / s) x mean sd) xs

-- One k-means step over a batch: each point's nearest centroid (the first of equally near ones),
-- and per centroid the sum and the number of its points.
entry km_partial [n][k][d] (cs: [k][d]f64) (xs: [n][d]f64) : ([k][d]f64, [k]i64) =
  let dist c x = f64.sum (map2 (\a b -> (a - b) * (a - b)) x c)
  let nearest x = (reduce (\(i, di) (j, dj) -> if dj < di || (dj == di && j < i) then (j, dj) else (i, di))
                          (0, f64.inf) (zip (iota k) (map (\c -> dist c x) cs))).0
  let as = map nearest xs
  in (hist (map2 (+)) (replicate d 0) k as xs, hist (+) 0 k as (replicate n 1))

-- Combines two results of `km_partial`.
entry km_combine [k][d] (s1: [k][d]f64) (c1: [k]i64) (s2: [k][d]f64) (c2: [k]i64) : ([k][d]f64, [k]i64) =
  (map2 (map2 (+)) s1 s2, map2 (+) c1 c2)
