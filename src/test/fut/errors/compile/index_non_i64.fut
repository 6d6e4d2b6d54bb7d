-- Array indices must be integers, not floats.
-- ==
-- error: An index must be an integer
entry main (xs: []i32) (f: f32) : i32 = xs[f]
