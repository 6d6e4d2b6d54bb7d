-- A module name that is not defined (E0413).
-- ==
-- error: Unknown name
module M = NoSuchModule
entry main (x: i32) : i32 = x
