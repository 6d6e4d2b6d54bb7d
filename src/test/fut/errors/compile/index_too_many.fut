-- Indexing a one-dimensional array with two indices (E0209).
-- ==
-- error: Cannot unify
entry main (xs: []i32) : i32 = xs[0, 1]
