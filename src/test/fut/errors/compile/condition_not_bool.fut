-- The condition of an if must be bool.
-- ==
-- error: Condition of "if" must be of type bool
entry main (x: i32) : i32 = if x then 1 else 2
