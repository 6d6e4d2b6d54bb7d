-- Accessing a record field that does not exist is a type error.
-- ==
-- error: Cannot unify record type with fields
entry main (x: i32) : i32 = let r = {a = x} in r.b
