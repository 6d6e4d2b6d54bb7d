-- A map computing the bucket indices of a histogram fuses into it: the map's function becomes
-- the histogram's map function, applied to each element as it is read, so no map remains and
-- the histogram's lambdas hold the remainder and the addition. The ones it counts are a
-- replicate read row by row (never materialised).
-- ==
-- input { 4i64 [1i64, 5i64, 6i64, 9i64, 2i64] } output { [0i32, 3i32, 2i32, 0i32] }
-- input { 2i64 empty([0]i64) } output { [0i32, 0i32] }
-- structure { Map 0 Hist 1 Hist/BinOp 2 }
entry main [n] (k: i64) (xs: [n]i64) : []i32 =
  reduce_by_index (replicate k 0i32) (+) 0i32 (map (\x -> x % 4) xs) (replicate n 1i32)
