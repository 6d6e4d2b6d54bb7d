-- An out-of-bounds index inside a parallel map is reported.
-- ==
-- input { [1i32, 2i32] [0i64, 1i64] }
-- output { [1i32, 2i32] }
-- input { [1i32, 2i32] [0i64, 7i64] }
-- error: out of bounds
entry main (xs: []i32) (is: []i64) : []i32 = map (\i -> xs[i]) is
