-- A constructor applied to the wrong number of payload values is a type error.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|[Pp]attern .*match|do not match|payload
type t = #p i32 i32
entry main (x: i32) : i32 = match (#p x : t) case #p a -> a
