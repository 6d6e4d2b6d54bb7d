-- The initial value of a consumed loop parameter may not be used in the
-- loop body, not even through an alias.
-- ==
-- error: Loop body uses variable "alias" \(or an alias\)
entry main (xs: *[]i32) : []i32 =
  let alias = xs[1:]
  in loop acc = xs for i < 2 do acc with [i] = alias[0]
