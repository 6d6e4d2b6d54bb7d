-- split at a position past the end is a run-time error.
-- ==
-- input { [1i32, 2i32] 0i64 }
-- output { empty([0]i32) [1i32, 2i32] }
-- input { [1i32, 2i32] 3i64 }
-- error: out of bounds
entry main (xs: []i32) (i: i64) : ([]i32, []i32) = split (xs :> [i + (length xs - i)]i32)
