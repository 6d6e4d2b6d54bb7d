-- Forward and backward pipes |> and <|.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { 7i32 48i32 }
entry main (xs: []i32) : (i32, i32) =
  (xs |> map (+ 1) |> filter (> 2) |> reduce (+) 0,
   reduce (*) 1 <| map (* 2) <| xs)
