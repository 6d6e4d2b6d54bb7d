-- The condition of an if must be bool.
-- ==
-- error: Cannot unify
entry main (x: i32) : i32 = if x then 1 else 2
