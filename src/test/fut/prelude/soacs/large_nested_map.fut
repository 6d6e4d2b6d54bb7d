-- Nested maps with inner reductions on a 300x300 generated matrix.
-- ==
-- input { 300i64 }
-- output { 719996i64 [2392i64, 2396i64, 2400i64] }
entry main (n: i64) : (i64, []i64) =
  let m = tabulate_2d n n (\i j -> (i * 3 + j * 5) % 17)
  let rows = map i64.sum m
  let cols = map i64.sum (transpose m)
  in (i64.sum rows, cols[0:3])
