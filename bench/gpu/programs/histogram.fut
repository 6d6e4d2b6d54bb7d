-- Atomics: 256 buckets counted over n values (an atomic add per element, every work-item
-- contending for the same 256 buckets).
entry main [n] (xs: [n]i32) : [256]i32 = hist (+) 0 256 (map (\x -> i64.i32 (x & 255)) xs) (replicate n 1)
