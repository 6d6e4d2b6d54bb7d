-- Inclusive prefix sums of i64 (wrapping on overflow): a bandwidth-bound scan (2^24 elements).
-- ==
-- entry: prefix_sum prefix_sum_lambda
-- input { [1i64, 2i64, 3i64, -4i64] }
-- output { [1i64, 3i64, 6i64, 2i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- random input { [16777216]i64 }

entry prefix_sum (xs: []i64) : []i64 = scan (+) 0 xs

-- The same scan in another spelling (Kernel#spellings): a lambda for the operator.

entry prefix_sum_lambda (xs: []i64) : []i64 = scan (\a b -> a + b) 0i64 xs
