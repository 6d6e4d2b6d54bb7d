-- Size parameters are i64 values usable in expressions.
-- ==
-- input { [1.0f64, 2.0f64, 6.0f64] }
-- output { 3.0f64 }
def mean [n] (xs: [n]f64) : f64 = f64.sum xs / f64.i64 n
entry main (xs: []f64) : f64 = mean xs
