-- f64 sum over 100000 elements (exactly representable partial sums).
-- ==
-- input { 100000i64 }
-- output { 2475000.0f64 }
entry main (n: i64) : f64 = f64.sum (map (\i -> f64.i64 (i % 100) * 0.5) (iota n))
