-- A lambda given to map may not consume an array from outside it.
-- ==
-- error: consum
entry main (xs: *[]i32) (is: []i64) : []i32 =
  map (\i -> let ys = xs with [i] = 0 in ys[0]) is
