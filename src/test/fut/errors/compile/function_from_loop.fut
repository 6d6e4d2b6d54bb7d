-- A loop parameter cannot be a function.
-- ==
-- error: but a loop parameter may not be of function type
entry main (x: i32) : i32 =
  let f = loop f = (+ 1) for i < 3 do (\y -> f (y + 1))
  in f x
