-- A function cannot be returned from an if expression.
-- ==
-- error: but if-results may not be of function type
entry main (b: bool) (x: i32) : i32 =
  let f = if b then (+ 1) else (* 2)
  in f x
