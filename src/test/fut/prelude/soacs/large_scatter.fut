-- scatter of a permutation over 100000 elements.
-- ==
-- input { 100000i64 }
-- output { 0i64 57143i64 42857i64 4999950000i64 }
entry main (n: i64) : (i64, i64, i64, i64) =
  let r = scatter (replicate n 0) (map (\i -> (i * 7) % n) (iota n)) (iota n)
  in (r[0], r[1], r[n - 1], i64.sum r)
