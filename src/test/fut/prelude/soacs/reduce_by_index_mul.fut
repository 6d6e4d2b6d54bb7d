-- reduce_by_index with multiplication.
-- ==
-- input { 3i64 [0i64, 0i64, 2i64, 2i64, 2i64] [2i64, 3i64, 4i64, 5i64, 6i64] }
-- output { [6i64, 1i64, 120i64] }
entry main [k] (n: i64) (is: [k]i64) (vs: [k]i64) : []i64 = reduce_by_index (replicate n 1) (*) 1 is vs
