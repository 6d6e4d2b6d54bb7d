-- split divides an array at a position.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] 1i64 }
-- output { [1i32] [2i32, 3i32, 4i32] }
entry main (xs: []i32) (n: i64) : ([]i32, []i32) = split (xs :> [n + (length xs - n)]i32)
