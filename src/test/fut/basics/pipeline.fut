-- The pipeline operator.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64] }
-- output { 20i64 }
entry main (xs: []i64) : i64 = xs |> map (* 2) |> reduce (+) 0
