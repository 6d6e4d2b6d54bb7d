entry axpy [n] (a: f64) (xs: [n]f64) (ys: [n]f64) : [n]f64 = map2 (\x y -> a * x + y) xs ys

entry norms [n][d] (vs: [n][d]f64) : ([n]f64, [n][d]f64) =
  let ns = map (\v -> f64.sqrt (f64.sum (map (\x -> x * x) v))) vs
  in (ns, map2 (\v l -> map (/ l) v) vs ns)

entry rec [n] (p: {a: [n]f64, b: [n]i32}) : {s: [n]f64, t: [n]i64} =
  {s = map2 (\x y -> x + f64.i32 y) p.a p.b, t = map i64.i32 p.b}

entry tup [n] (p: ([n]f64, [n]i64)) : ([n]i64, [n]f64) = (p.1, p.0)

entry positives [n] (xs: [n]f64) : []f64 = filter (> 0) xs

entry pos [n] (xs: [n]f64) : [n]i64 = iota n

entry kinds [n] (a: [n]i8) (b: [n]i16) (c: [n]i32) (d: [n]i64) (e: [n]u8) (f: [n]f32) (g: [n]bool) (h: [n]u32)
  : ([n]i8, [n]i16, [n]i32, [n]i64, [n]u8, [n]f32, [n]bool, [n]u32) =
  (map (+ 1) a, map (* 2) b, map (\x -> -x) c, map (+ 1000000000000) d, map (+ 1) e, map (* 0.5) f, map (\x -> !x) g, map (+ 1) h)

entry lookup [n] (table: []f64) (is: [n]i64) : [n]f64 = map (\i -> table[i]) is

entry hist_count [n] (bins: i64) (xs: [n]i64) : []i64 = hist (+) 0 bins xs (replicate n 1)

entry add_counts [k] (a: [k]i64) (b: [k]i64) : [k]i64 = map2 (+) a b

entry km_partial [n][k][d] (cs: [k][d]f64) (xs: [n][d]f64) : ([k][d]f64, [k]i64) =
  let dist c x = f64.sum (map2 (\a b -> (a - b) * (a - b)) c x)
  let nearest x = (reduce (\(i, di) (j, dj) -> if dj < di || (dj == di && j < i) then (j, dj) else (i, di))
                          (0, f64.inf) (zip (iota k) (map (\c -> dist c x) cs))).0
  let as = map nearest xs
  let sums = hist (map2 (+)) (replicate d 0) k as xs
  let counts = hist (+) 0 k as (replicate n 1)
  in (sums, counts)

entry km_combine [k][d] (s1: [k][d]f64) (c1: [k]i64) (s2: [k][d]f64) (c2: [k]i64) : ([k][d]f64, [k]i64) =
  (map2 (map2 (+)) s1 s2, map2 (+) c1 c2)

entry square (x: f64) : f64 = x * x

entry hyp (x: f64) (y: f64) : f64 = f64.sqrt (x * x + y * y)

entry sum_count [n] (xs: [n]f64) : (f64, i64) = (f64.sum xs, n)

entry sum_count_add (s1: f64) (c1: i64) (s2: f64) (c2: i64) : (f64, i64) = (s1 + s2, c1 + c2)
entry square_all [n] (xs: [n]f64) : [n]f64 = map (\x -> x * x) xs

entry sum_inner [n][m][p] (xs: [n][m][p]f64) : [n][m]f64 = map (map f64.sum) xs

entry twice3 [n][m][p] (xs: [n][m][p]f64) : [n][m][p]f64 = map (map (map (* 2))) xs

-- Every element type in array columns and back: integers plus one, the floats plus one, booleans negated.
entry rows_back [n][p][q][r][s][t][u] (a: [n][p]i8) (b: [n][q]i16) (c: [n][r]i32) (d: [n][s]i64) (f: [n][t]f32) (g: [n][u]bool)
  : ([n][p]i8, [n][q]i16, [n][r]i32, [n][s]i64, [n][t]f32, [n][u]bool) =
  (map (map (+ 1)) a, map (map (+ 1)) b, map (map (+ 1)) c, map (map (+ 1)) d, map (map (+ 1)) f, map (map (\x -> !x)) g)

-- A record result with an array field: each row's sum and the row scaled by it.
entry scaled [n][d] (xs: [n][d]f64) : {total: [n]f64, scaled: [n][d]f64} =
  let ts = map f64.sum xs
  in {total = ts, scaled = map2 (\x t -> map (/ t) x) xs ts}
