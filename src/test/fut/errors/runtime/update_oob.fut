-- An in-place update out of bounds is a run-time error.
-- ==
-- input { [1i32, 2i32] 1i64 }
-- output { [1i32, 0i32] }
-- input { [1i32, 2i32] 2i64 }
-- error: out of bounds
entry main (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0
