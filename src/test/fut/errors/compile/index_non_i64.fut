-- Array indices must be integers, not floats.
-- ==
-- error: i64|f32
entry main (xs: []i32) (f: f32) : i32 = xs[f]
