-- The body of a loop must return the type of the loop parameter.
-- ==
-- error: [Ll]oop body|[Cc]ouldn.t match|[Cc]annot unify|do not match
entry main (n: i32) : i32 = loop x = 0i32 for i < n do 1.5f32
