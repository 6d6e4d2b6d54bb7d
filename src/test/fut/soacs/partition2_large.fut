-- partition2 on 200000 i32 (parallel path): the three parts keep their order.
-- ==
-- input { 200000i64 }
-- output { 69465i64 65283i64 65252i64 -51597198290959i64 24245848345046i64 24244596033530i64 -22820i32 -7068i32 29223i32 }
def wsum [n] (xs: [n]i64) : i64 = i64.sum (map2 (\i x -> (i + 1) * x) (iota n) xs)

entry main (n: i64) : (i64, i64, i64, i64, i64, i64, i32, i32, i32) =
  let ys = map (\i -> i32.i64 ((i * 104729) % 65536 - 32768)) (iota n)
  let (a, b, c) = partition2 (< -10000) (\y -> y % 2 == 0) ys
  let w (zs: []i32) = wsum (map i64.i32 zs)
  in (length a, length b, length c, w a, w b, w c, a[length a - 1], b[0], c[length c - 1])
