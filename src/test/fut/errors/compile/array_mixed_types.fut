-- All elements of an array literal must have the same type.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|do not match|[Dd]ifferent types
entry main (x: i32) : []i32 = [x, true]
