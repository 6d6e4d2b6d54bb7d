-- A value shadowing a function name cannot be applied.
-- ==
-- error: [Cc]annot apply|not a function|[Cc]ouldn.t match|[Cc]annot unify|too many arguments
def f (x: i32) = x + 1
entry main (x: i32) : i32 =
  let f = x * 2
  in f x
