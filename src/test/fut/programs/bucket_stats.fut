-- Per-bucket max (reduce_by_index with f32.max), counts (hist) and means over 100000 generated elements with computed keys; the top bucket by an argmax.
-- ==
-- input { 100000i64 1000i64 }
-- output { 388.0f32 377.0f32 6i64 100i64 100i64 }
entry main (n: i64) (k: i64) : (f32, f32, i64, i64, i64) =
  let keys = map (\i -> (i * 7919) % k) (iota n)
  let vals = map (\i -> f32.i64 ((i * 31) % 977) * 0.5 - 100) (iota n)
  let maxs = reduce_by_index (replicate k (-f32.inf)) f32.max (-f32.inf) keys vals
  let counts = hist (+) 0 k keys (replicate n 1i64)
  let (bi, bv) = reduce (\(i, a) (j, b) -> if b > a || (b == a && j < i) then (j, b) else (i, a)) (-1, -f32.inf) (zip (iota k) maxs)
  in (bv, f32.minimum maxs, bi, i64.maximum counts, i64.minimum counts)
