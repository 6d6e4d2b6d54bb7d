-- A slice extending past the end of the array is a run-time error.
-- ==
-- input { [1i32, 2i32, 3i32] 1i64 3i64 }
-- output { [2i32, 3i32] }
-- input { [1i32, 2i32, 3i32] 1i64 5i64 }
-- error: out of bounds
entry main (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
