-- An array consumed in one branch of an if counts as consumed after the if.
-- ==
-- error: but this was consumed
entry main (b: bool) (xs: *[]i32) : i32 =
  let ys = if b then xs with [0] = 1 else copy xs
  in xs[0] + ys[0]
