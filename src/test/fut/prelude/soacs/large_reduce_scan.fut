-- reduce and scan over 100000 generated elements (parallel code paths).
-- ==
-- input { 100000i64 }
-- output { -50000i64 499i64 -25500i64 -50000i64 }
entry main (n: i64) : (i64, i64, i64, i64) =
  let xs = map (\i -> (i * 7919) % 1000 - 500) (iota n)
  let s = scan (+) 0 xs
  in (reduce (+) 0 xs, i64.maximum xs, s[n / 2], s[n - 1])
