-- An alias created through a tuple pattern is tracked.
-- ==
-- error: but this was consumed
entry main (xs: *[]i32) : []i32 =
  let (a, _) = (xs, 1)
  let a[0] = 5
  in xs
