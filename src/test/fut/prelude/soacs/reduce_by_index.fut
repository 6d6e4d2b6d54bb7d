-- reduce_by_index combines into an existing destination array.
-- ==
-- input { [100i32, 200i32, 300i32, 400i32] [0i64, 2i64, 2i64, 5i64, 1i64, -1i64, 2i64, 0i64] [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { [109i32, 205i32, 307i32, 400i32] }
entry main [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) : []i32 = reduce_by_index dest (+) 0 is vs
