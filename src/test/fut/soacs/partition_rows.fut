-- partition of 200000 rows of rank 2 (rows copied whole, order kept).
-- ==
-- input { 200000i64 }
-- output { 97029i64 102971i64 [45i64, 52i64, 59i64] [0i64, 7i64, 14i64] 2118301302138i64 2385641756961i64 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) : (i64, i64, []i64, []i64, i64, i64) =
  let rows = map (\i -> map (\j -> (i * 13 + j * 7) % 101) (iota 3)) (iota n)
  let (a, b) = partition (\r -> i64.sum r % 2 == 0) rows
  in (length a, length b, a[length a - 1], b[0], wsum (flatten a), wsum (flatten b))
