-- partition2 of 200000 (key, value) records: both components move together and keep order.
-- ==
-- input { 200000i64 }
-- output { 60000i64 70000i64 70000i64 1800070000i64 901715130000i64 14700093200i64 610396978800i64 14700163200i64 1835420358800i64 9i64 501i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) =
  let kvs = map (\i -> {k = (i * 7) % 10, v = (i * 3) % 1000}) (iota n)
  let (a, b, c) = partition2 (\r -> r.k < 3) (\r -> r.v < 500) kvs
  let w (rs: []{k: i64, v: i64}) = (wsum (map (.k) rs), wsum (map (.v) rs))
  let (a0, a1) = w a
  let (b0, b1) = w b
  let (c0, c1) = w c
  in (length a, length b, length c, a0, a1, b0, b1, c0, c1, c[0].k, c[0].v)
