-- A type applied to the wrong number of arguments (E0205).
-- ==
-- error: requires 1 argument
type box 'a = {v: a}
entry main (x: i32) : i32 =
  let b : box i32 i32 = {v = x}
  in b.v
