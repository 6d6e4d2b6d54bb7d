-- Indexing out of bounds is a run-time error naming the position.
-- ==
-- input { [1i32, 2i32, 3i32] 1i64 }
-- output { 2i32 }
-- input { [1i32, 2i32, 3i32] 3i64 }
-- error: out of bounds
entry main (xs: []i32) (i: i64) : i32 = xs[i]
