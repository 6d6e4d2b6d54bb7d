-- The condition of an if must be bool.
-- ==
-- error: bool
entry main (x: i32) : i32 = if x then 1 else 2
