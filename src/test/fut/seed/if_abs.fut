-- if inside map.
-- ==
-- input { [-1.5, 2.0, -3.0] }
-- output { [1.5, 2.0, 3.0] }
entry f (xs: []f64) : []f64 = map (\x -> if x < 0 then -x else x) xs
