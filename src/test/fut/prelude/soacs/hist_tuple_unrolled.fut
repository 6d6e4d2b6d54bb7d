-- hist and reduce_by_index with a tuple operator over 100003 elements (not a multiple of the
-- unrolling), 7 buckets and out-of-bounds bins (-1 and 7, ignored), through the parallel path.
-- ==
-- input { 100003i64 }
-- output { [11111i64, 11111i64, 11111i64, 11111i64, 11111i64, 11112i64, 11112i64] [499i32, 499i32, 499i32, 499i32, 499i32, 499i32, 499i32] }
entry main (n: i64) : ([]i64, []i32) =
  let bins = map (\i -> (i * 7919) % 9 - 1) (iota n)
  let vals = map (\i -> i32.i64 ((i * 31) % 1000 - 500)) (iota n)
  let counts = hist (+) 0 7 bins (replicate n 1)
  let (_, maxes) = unzip (reduce_by_index (replicate 7 (0i64, i32.lowest))
                                          (\(a, x) (b, y) -> (a + b, i32.max x y))
                                          (0, i32.lowest) bins (zip (replicate n 1) vals))
  in (counts, maxes)
