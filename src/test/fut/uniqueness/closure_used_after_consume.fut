-- A function value aliases what it refers to: it may not be applied after
-- that has been consumed.
-- ==
-- error: Using variable "xs", but this was consumed
entry main (xs: *[]i32) : i32 =
  let at = \(i: i64) -> xs[i]
  let xs[0] = 1
  in at 0
