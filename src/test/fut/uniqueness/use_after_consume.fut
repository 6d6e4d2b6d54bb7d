-- Using a variable after it was consumed by an in-place update is a compile-time error.
-- ==
-- error: but this was consumed
entry main (xs: *[]i32) : ([]i32, []i32) =
  let ys = xs with [0] = 0
  in (ys, xs)
