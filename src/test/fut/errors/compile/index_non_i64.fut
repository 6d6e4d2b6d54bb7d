-- Array indices must be integers, not floats.
-- ==
-- error: Cannot unify
entry main (xs: []i32) (f: f32) : i32 = xs[f]
