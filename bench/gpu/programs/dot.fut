-- Bandwidth-bound reduction: a dot product (the driver takes arrays, so the result is one element).
entry main [n] (xs: [n]f64) (ys: [n]f64) : [1]f64 = [f64.sum (map2 (*) xs ys)]
