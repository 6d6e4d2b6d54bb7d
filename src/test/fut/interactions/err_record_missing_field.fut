-- Projecting a field that a (known) record type does not have.
-- ==
-- error: Cannot unify record type with fields
type point = {x: i32, y: i32}
entry main (v: i32) : i32 = let p : point = {x = v, y = v} in p.z
