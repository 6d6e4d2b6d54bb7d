-- Functions can be bound in tuples by a let pattern and applied.
-- ==
-- input { 5i32 }
-- output { 11i32 }
entry main (x: i32) : i32 =
  let (f, g) = ((+ 1), (* 2))
  in f (g x)
