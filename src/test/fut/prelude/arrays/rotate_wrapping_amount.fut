-- rotate r xs has xs[(i + r) % n] at i, with i + r wrapping around as i64 arithmetic does: an
-- amount near the largest i64 is not one rotation. (Found by futhark4j fuzz against the source
-- interpreter; the reference computes the same.)
-- ==
-- input { [4u64, 4u64, 4u64, 4u64, 27u64] 9223372036854775807i64 }
-- output { [4u64, 4u64, 4u64, 27u64, 4u64] }
-- input { [1u64, 2u64, 3u64] -9223372036854775808i64 }
-- output { [2u64, 3u64, 1u64] }
-- input { [1u64, 2u64, 3u64] 7i64 }
-- output { [2u64, 3u64, 1u64] }
entry main [n] (xs: [n]u64) (r: i64) : [n]u64 = rotate r xs

-- ==
-- entry: rows
-- input { [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32]] 9223372036854775806i64 }
-- output { [[1i32, 2i32], [3i32, 4i32], [3i32, 4i32]] }
entry rows [n] (xss: [n][2]i32) (r: i64) : [n][2]i32 = rotate r xss
