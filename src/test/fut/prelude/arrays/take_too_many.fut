-- take more elements than the array has is a run-time error.
-- ==
-- input { [1i32, 2i32] 2i64 }
-- output { [1i32, 2i32] }
-- input { [1i32, 2i32] 3i64 }
-- error: out of bounds
entry main (xs: []i32) (n: i64) : []i32 = take n xs
