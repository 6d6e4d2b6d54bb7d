-- A negative index is out of bounds.
-- ==
-- input { [1i32, 2i32] -1i64 }
-- error: out of bounds
entry main (xs: []i32) (i: i64) : i32 = xs[i]
