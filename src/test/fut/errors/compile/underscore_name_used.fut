-- A name that starts with an underscore may be bound but not used (E0217).
-- ==
-- error: prefixed with underscore
entry main (_x: i32) : i32 = _x + 1
