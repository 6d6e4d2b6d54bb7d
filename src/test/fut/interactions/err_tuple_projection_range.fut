-- Projecting a component beyond the size of a tuple.
-- ==
-- error: not found|no field|[Dd]oes not have
entry main (x: i32) : i32 = let t = (x, x + 1) in t.2
