-- Histograms whose fused index function has a known range (x & 255, x % 7, a u8 conversion) skip
-- the per-element bucket check when the bucket count covers the range; with fewer buckets, or an
-- index of unknown range, out-of-range indices are still ignored. 100000 elements: parallel path.
-- ==
-- entry: masked
-- input { 100000i64 }
-- output { 100000i32 391i32 390i32 }

-- ==
-- entry: masked_few_buckets
-- input { 100000i64 }
-- output { 39100i32 391i32 391i32 }

-- ==
-- entry: floor_mod
-- input { 100000i64 }
-- output { [14286i32, 14286i32, 14285i32, 14286i32, 14286i32, 14285i32, 14286i32] }

-- ==
-- entry: through_u8
-- input { 100000i64 }
-- output { 100000i32 391i32 390i32 }

-- ==
-- entry: unknown_range
-- input { 100000i64 }
-- output { 256i32 1i32 1i32 }

def summary (h: []i32) : (i32, i32, i32) = (i32.sum h, h[0], h[length h - 1])

entry masked (n: i64) : (i32, i32, i32) =
  summary (hist (+) 0 256 (map (\i -> i64.i32 (i32.i64 i & 255)) (iota n)) (replicate n 1))

entry masked_few_buckets (n: i64) : (i32, i32, i32) =
  summary (hist (+) 0 100 (map (\i -> i64.i32 (i32.i64 i & 255)) (iota n)) (replicate n 1))

entry floor_mod (n: i64) : [7]i32 =
  hist (+) 0 7 (map (\i -> (i * 3 - 50000) % 7) (iota n)) (replicate n 1)

entry through_u8 (n: i64) : (i32, i32, i32) =
  summary (hist (+) 0 256 (map (\i -> i64.u8 (u8.i64 i)) (iota n)) (replicate n 1))

entry unknown_range (n: i64) : (i32, i32, i32) =
  summary (hist (+) 0 256 (map (\i -> i - 50000) (iota n)) (replicate n 1))
