-- Consuming an alias consumes the original as well.
-- ==
-- error: but this was consumed
entry main (xs: *[]i32) : i32 =
  let ys = xs
  let zs = ys with [0] = 0
  in xs[0] + zs[0]
