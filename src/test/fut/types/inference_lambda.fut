-- Parameter types of lambdas are inferred from their use.
-- ==
-- input { [1.5f32, 2.0f32] }
-- output { [2.25f32, 4.0f32] 3.5f32 }
entry main (xs: []f32) : ([]f32, f32) =
  let sq = \x -> x * x
  in (map sq xs, reduce (\a b -> a + b) 0 xs)
