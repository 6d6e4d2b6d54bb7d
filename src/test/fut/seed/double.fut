-- map returning an array.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0, 5.0] }
-- output { [2.0, 4.0, 6.0, 8.0, 10.0] }
entry f (xs: []f64) : []f64 = map (* 2) xs
