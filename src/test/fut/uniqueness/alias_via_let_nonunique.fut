-- An alias of a non-unique parameter is not consumable either.
-- ==
-- error: not consumable
entry main (xs: []i32) : []i32 =
  let ys = xs
  in ys with [0] = 1
