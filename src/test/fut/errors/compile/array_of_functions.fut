-- Arrays of functions are not permitted.
-- ==
-- error: found to be functional
entry main (x: i32) : i32 =
  let fs = [(+ 1), (* 2)]
  in fs[0] x
