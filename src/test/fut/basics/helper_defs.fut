-- Several helper definitions calling each other.
-- ==
-- input { [1.0, 2.0, 3.0] }
-- output { 14.0 }
def square (x: f64) : f64 = x * x
def sumsq (xs: []f64) : f64 = reduce (+) 0 (map square xs)
entry main (xs: []f64) : f64 = sumsq xs
