-- Half precision values round to binary16.
-- ==
-- input { [1.5f16, 2.25f16] }
-- output { 3.75f16 [3.0f16, 4.5f16] }
entry main (xs: []f16) : (f16, []f16) = (f16.sum xs, map (* 2) xs)
