-- Array indices must be integers, not floats.
-- ==
-- error: must be of type i64|[Cc]ouldn.t match|[Cc]annot unify
entry main (xs: []i32) (f: f32) : i32 = xs[f]
