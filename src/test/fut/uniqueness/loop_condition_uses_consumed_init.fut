-- Nor in the condition of a while loop.
-- ==
-- error: Loop condition uses variable "xs" \(or an alias\)
entry main (xs: *[]i32) : []i32 =
  loop acc = xs while xs[0] < 3 do acc with [0] = acc[0] + 1
