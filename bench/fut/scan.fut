-- Inclusive prefix sums of i64 (wrapping on overflow): a bandwidth-bound scan (2^24 elements).
-- ==
-- entry: prefix_sum
-- input { [1i64, 2i64, 3i64, -4i64] }
-- output { [1i64, 3i64, 6i64, 2i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- random input { [16777216]i64 }

entry prefix_sum (xs: []i64) : []i64 = scan (+) 0 xs
