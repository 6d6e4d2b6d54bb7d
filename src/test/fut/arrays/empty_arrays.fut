-- Empty arrays in and out.
-- ==
-- input { empty([0]f64) }
-- output { empty([0]f64) 0i64 }
entry main (xs: []f64) : ([]f64, i64) = (map (+ 1) xs, length xs)
