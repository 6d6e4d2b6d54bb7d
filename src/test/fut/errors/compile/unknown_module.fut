-- A module name that is not defined (E0413).
-- ==
-- error: Unknown module
module M = NoSuchModule
entry main (x: i32) : i32 = x
