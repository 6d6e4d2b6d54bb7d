-- scatter consumes a fresh destination array.
-- ==
-- input { 4i64 [3i64, 0i64] [7i32, 9i32] }
-- output { [9i32, 0i32, 0i32, 7i32] }
entry main [k] (n: i64) (is: [k]i64) (vs: [k]i32) : []i32 = scatter (replicate n 0) is vs
