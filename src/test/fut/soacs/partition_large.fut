-- partition on 200000 elements (parallel path): sizes, ends and order-sensitive checksums of both parts.
-- ==
-- input { 200000i64 }
-- output { 66654i64 133346i64 2919i64 -795i64 -5000i64 -4538i64 6860731329i64 25277932472i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i64, i64) =
  let xs = map (\i -> (i * 7919) % 10007 - 5000) (iota n)
  let (a, b) = partition (\x -> x % 3 == 0) xs
  in (length a, length b, a[0], a[length a - 1], b[0], b[length b - 1], wsum a, wsum b)
