-- A failed size coercion reports the reference message "... cannot match shape of type ...".
-- ==
-- input { [1i32, 2i32] [3i32] }
-- error: cannot match shape of type
entry main [n] (xs: [n]i32) (ys: []i32) : [n]i32 = ys :> [n]i32
