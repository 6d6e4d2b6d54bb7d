-- A long |> pipeline through map, filter, scan, reverse and head.
-- ==
-- input { 10i64 } output { 90i64 }
-- input { 2i64 } output { 6i64 }
entry main (n: i64) : i64 =
  iota n |> map (+ 1) |> filter (\x -> x % 2 == 0) |> map (* 3) |> scan (+) 0 |> reverse |> head
