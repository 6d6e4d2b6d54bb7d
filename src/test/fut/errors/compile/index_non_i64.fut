-- Array indices must be integers, not floats.
-- ==
-- error: f32|i64|type|[Ii]ndex
entry main (xs: []i32) (f: f32) : i32 = xs[f]
