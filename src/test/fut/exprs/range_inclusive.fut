-- x...y is inclusive; x..y...z uses stride y-x, also downwards.
-- ==
-- input { 9i64 }
-- output { [2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64] [1i64, 3i64, 5i64, 7i64, 9i64] [9i64, 7i64, 5i64, 3i64, 1i64] }
entry main (n: i64) : ([]i64, []i64, []i64) =
  (2...n, 1..3...n, n..n-2...0)
