-- A function cannot be returned from a match.
-- ==
-- error: but match-results may not be of function type
entry main (k: i32) (x: i32) : i32 =
  let f = match k
          case 0 -> (+ 1)
          case _ -> (* 2)
  in f x
