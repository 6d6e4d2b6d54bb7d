-- All elements of an array literal must have the same type.
-- ==
-- error: bool
entry main (x: i32) : []i32 = [x, true]
