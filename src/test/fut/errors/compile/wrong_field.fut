-- Accessing a record field that does not exist is a type error.
-- ==
-- error: not found|no field|[Dd]oes not have
entry main (x: i32) : i32 = let r = {a = x} in r.b
