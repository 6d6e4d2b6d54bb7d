-- A map feeding a reduction becomes one reduction with the map's function applied to each
-- element as it is read (a redomap): no map remains, and the reduction's lambdas hold the
-- multiplication and the addition.
-- ==
-- input { [1f32, 2f32, 3f32] } output { 12f32 }
-- input { empty([0]f32) } output { 0f32 }
-- structure { Map 0 Reduce 1 Reduce/BinOp 2 }
entry main (xs: []f32) : f32 = f32.sum (map (* 2) xs)
