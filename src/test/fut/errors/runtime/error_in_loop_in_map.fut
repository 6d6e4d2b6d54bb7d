-- An error raised in a sequential loop nested in a parallel map is reported.
-- ==
-- input { 50000i64 -1i64 }
-- output { 50000000i64 }
-- input { 50000i64 20000i64 }
-- error: [Dd]ivision by zero
entry main (n: i64) (k: i64) : i64 =
  i64.sum (map (\i -> loop acc = 0 for j < 10 do acc + 100 / (if i + j == k then 0 else 1)) (iota n))
