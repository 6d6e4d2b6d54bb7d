-- k-means clustering (Lloyd's algorithm) of n points in d dimensions into k clusters.
--
-- The first k points are the initial centroids; each of `iters` iterations assigns every
-- point to its nearest centroid (squared Euclidean distance, ties to the lower index) and
-- moves each centroid to the mean of its points (a centroid without points stays put).
-- Returns the final centroids and the number of points in each cluster.
--
-- Parallelism: per iteration, a map over the points of an argmin reduction over the
-- centroids (compute-bound, n*k*d), then the new centroids by generalised histograms:
-- reduce_by_index over k*d bins (sums per cluster and dimension) and hist over k bins
-- (counts).
-- ==
-- input { 2i64 5i32
--         [[1f32, 1f32], [1.5f32, 2f32], [3f32, 4f32], [5f32, 7f32],
--          [3.5f32, 5f32], [4.5f32, 5f32], [3.5f32, 4.5f32]] }
-- output { [[1.25f32, 1.5f32], [3.9000001f32, 5.0999999f32]] [2i64, 5i64] }
-- random input { 16i64 10i32 [50000][8]f32 }
-- random input { 32i64 5i32 [100000][4]f32 }

def dist2 [d] (xs: [d]f32) (ys: [d]f32) : f32 =
  f32.sum (map2 (\x y -> (x - y) * (x - y)) xs ys)

-- The index of the nearest centroid.
def nearest [k][d] (cs: [k][d]f32) (p: [d]f32) : i64 =
  let pick (i, di) (j, dj) = if dj < di || (dj == di && j < i) then (j, dj) else (i, di)
  in (reduce_comm pick (-1, f32.inf) (zip (iota k) (map (dist2 p) cs))).0

def update [n][k][d] (points: [n][d]f32) (cs: [k][d]f32) : ([k][d]f32, [k]i64) =
  let membership = map (nearest cs) points
  let counts = hist (+) 0 k membership (replicate n 1)
  let bins = flatten (map (\c -> map (\j -> c * d + j) (iota d)) membership)
  let sums = reduce_by_index (replicate (k * d) 0) (+) 0 bins (flatten points)
  let sums = unflatten sums
  let cs' = map3 (\old s cnt -> if cnt == 0 then old else map (/ f32.i64 cnt) s) cs sums counts
  in (cs', counts)

entry main [n][d] (k: i64) (iters: i32) (points: [n][d]f32) : ([k][d]f32, [k]i64) =
  let (cs, counts) =
    loop (cs, _counts) = (take k points, replicate k 0) for _i < iters do update points cs
  in (cs, counts)
