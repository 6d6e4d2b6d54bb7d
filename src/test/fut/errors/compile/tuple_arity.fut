-- A tuple pattern must have as many elements as the tuple.
-- ==
-- error: [Pp]attern .*match|cannot match|[Cc]ouldn.t match|[Cc]annot unify
entry main (x: i32) : i32 = let (a, b) = (x, x, x) in a + b
