-- A slice aliases its array: it cannot be used after the array is updated.
-- ==
-- error: but this was consumed
entry main (xs: *[]i32) : []i32 =
  let s = xs[1:]
  let xs[0] = 0
  in s
