-- The body must match the declared return type.
-- ==
-- error: Function body does not have expected type
entry main (x: i32) : bool = x + 1
