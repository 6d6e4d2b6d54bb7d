-- iota and map over it.
-- ==
-- input { 5i64 }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64] [0i64, 1i64, 4i64, 9i64, 16i64] }
entry main (n: i64) : ([]i64, []i64) = (iota n, map (\i -> i * i) (iota n))
