-- Projecting a component beyond the size of a tuple.
-- ==
-- error: Cannot unify record type with fields
entry main (x: i32) : i32 = let t = (x, x + 1) in t.2
