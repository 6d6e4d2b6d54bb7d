-- The branches of an if must have the same type.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|cannot be used at type|do not match|Cannot instantiate
entry main (b: bool) : i32 = if b then 1 else 2.0
