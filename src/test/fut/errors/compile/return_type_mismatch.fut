-- The body must match the declared return type.
-- ==
-- error: declared return type|[Cc]ouldn.t match|[Cc]annot unify|do not match
entry main (x: i32) : bool = x + 1
