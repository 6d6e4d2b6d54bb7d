-- The program of the README's command-line examples: the sum of an array.
-- ==
-- input { [1.0, 2.0, 3.0] } output { 6.0 }
-- input { empty([0]f64) } output { 0.0 }
-- "a million" random input { [1000000]f64 }

entry main (xs: []f64) : f64 = f64.sum xs
