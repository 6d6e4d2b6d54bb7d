-- All 200000 rows in one class (the other part empty, either way round), and k = 1 with the other rows dropped.
-- ==
-- input { 200000i64 }
-- output { 200000i64 0i64 0i64 200000i64 9953383000000i64 9953383000000i64 [100000i64] 12450883000000i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) : (i64, i64, i64, i64, i64, i64, []i64, i64) =
  let xs = map (\i -> (i * 5) % 1000) (iota n)
  let (a, b) = partition (\x -> x >= 0) xs
  let (c, d) = partition (\x -> x < 0) xs
  let (e, sizes) = intrinsics.partition 1 (\x -> if x < 500 then 0 else -1) xs
  in (length a, length b, length c, length d, wsum a, wsum d, sizes, wsum e)
