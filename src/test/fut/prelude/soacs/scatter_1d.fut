-- scatter writes values at indices; out-of-range indices are ignored.
-- ==
-- input { [0i32, 0i32, 0i32, 0i32] [1i64, 3i64, -1i64, 9i64] [5i32, 6i32, 7i32, 8i32] }
-- output { [0i32, 5i32, 0i32, 6i32] }
entry main [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) : []i32 = scatter dest is vs
