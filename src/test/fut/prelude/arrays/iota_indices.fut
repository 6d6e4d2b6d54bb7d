-- iota n counts from 0; indices gives the valid indices of an array.
-- ==
-- input { 4i64 [1.0f32, 2.0f32] }
-- output { [0i64, 1i64, 2i64, 3i64] [0i32, 1i32, 2i32] [0i64, 1i64] }
-- input { 0i64 empty([0]f32) }
-- output { empty([0]i64) [0i32, 1i32, 2i32] empty([0]i64) }
entry main (n: i64) (xs: []f32) : ([]i64, []i32, []i64) = (iota n, map i32.i64 (iota 3), indices xs)
