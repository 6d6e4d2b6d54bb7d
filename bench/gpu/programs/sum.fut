-- Bandwidth-bound reduction: the sum of an array (the driver takes arrays, so the result is one element).
entry main [n] (xs: [n]f64) : [1]f64 = [f64.sum xs]
