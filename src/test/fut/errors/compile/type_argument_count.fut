-- A type applied to the wrong number of arguments (E0205).
-- ==
-- error: Type constructor "box" requires 1 arguments, but provided 2
type box 'a = {v: a}
entry main (x: i32) : i32 =
  let b : box i32 i32 = {v = x}
  in b.v
