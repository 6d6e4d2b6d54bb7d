-- map-map-reduce fuses into one redomap; the iota is only an input; the transpose is hoisted.
entry sumsq (xs: []f64) : f64 = reduce (+) 0 (map (\x -> x * x) (map (\x -> x + 1) xs))
entry tab (n: i64) : []i64 = map (\i -> i * i) (iota n)
entry mm [n] [m] [p] (a: [n][m]f64) (b: [m][p]f64) : [][]f64 = map (\r -> map (\c -> f64.sum (map2 (*) r c)) (transpose b)) a
