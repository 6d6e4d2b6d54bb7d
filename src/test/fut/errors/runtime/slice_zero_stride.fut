-- A slice with stride zero is invalid.
-- ==
-- input { [1i32, 2i32, 3i32] 1i64 }
-- output { [1i32, 2i32] }
-- input { [1i32, 2i32, 3i32] 0i64 }
-- error: out of bounds
entry main (xs: []i32) (s: i64) : []i32 = xs[0:2:s]
