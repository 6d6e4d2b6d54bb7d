-- The seed's first example: a sum by reduce.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0, 5.0] }
-- output { 15.0 }
-- input { empty([0]f64) }
-- output { 0.0 }
entry f (xs: []f64) : f64 = reduce (+) 0 xs
