-- A record update must keep the type of the field.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|do not match|must have type|bool
entry main (x: i32) : i32 = let r = {a = x} in (r with a = true).a
