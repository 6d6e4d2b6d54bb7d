-- Projecting a field that a (known) record type does not have.
-- ==
-- error: not found|no field|[Dd]oes not have
type point = {x: i32, y: i32}
entry main (v: i32) : i32 = let p : point = {x = v, y = v} in p.z
