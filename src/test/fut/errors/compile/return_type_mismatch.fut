-- The body must match the declared return type.
-- ==
-- error: bool|i32
entry main (x: i32) : bool = x + 1
