-- k-means clustering: argmin by reduce on (index, distance) pairs, counts by hist, new centres by reduce_by_index with a vector operator.
-- ==
-- input { 2i64 1i32 [[1.0f64, 1.0f64], [1.5f64, 2.0f64], [3.0f64, 4.0f64], [5.0f64, 7.0f64], [3.5f64, 5.0f64], [4.5f64, 5.0f64], [3.5f64, 4.5f64], [9.0f64, 1.0f64], [8.5f64, 0.5f64]] }
-- output { [[1.0f64, 1.0f64], [4.8125f64, 3.625f64]] }
-- input { 3i64 5i32 [[1.0f64, 1.0f64], [1.5f64, 2.0f64], [3.0f64, 4.0f64], [5.0f64, 7.0f64], [3.5f64, 5.0f64], [4.5f64, 5.0f64], [3.5f64, 4.5f64], [9.0f64, 1.0f64], [8.5f64, 0.5f64]] }
-- output { [[1.0f64, 1.0f64], [1.5f64, 2.0f64], [5.285714285714286f64, 3.857142857142857f64]] }
def argmin [k] (ds: [k]f64) : i64 =
  let (i, _) = reduce (\(i1, d1) (i2, d2) -> if d2 < d1 then (i2, d2) else (i1, d1)) (0, f64.inf) (zip (iota k) ds)
  in i

entry main [n][d] (k: i64) (iters: i32) (pts: [n][d]f64) : [k][d]f64 =
  let cs0 = tabulate k (\i -> pts[i])
  in loop cs = cs0 for _i < iters do
       let assign = map (\p -> argmin (map (\c -> f64.sum (map2 (\x y -> (x - y) * (x - y)) p c)) cs)) pts
       let counts = hist (+) 0 k assign (replicate n 1i64)
       let sums = reduce_by_index (replicate k (replicate d 0f64)) (map2 (+)) (replicate d 0) assign pts
       in map3 (\s c old -> if c == 0 then old else map (/ f64.i64 c) s) sums counts cs
