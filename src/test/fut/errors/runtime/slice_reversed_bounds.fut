-- A slice whose start is after its end (with positive stride) is invalid.
-- ==
-- input { [1i32, 2i32, 3i32] 2i64 1i64 }
-- error: out of bounds
entry main (xs: []i32) (i: i64) (j: i64) : []i32 = xs[i:j]
