-- An array consumed by an in-place update inside a loop body may not be used afterwards.
-- ==
-- error: [Uu]sing .*consumed|consumed
entry main (xs: *[]i32) : i32 =
  let ys = loop acc = 0 for i < 2 do
             let zs = xs with [i] = acc
             in zs[0]
  in ys + xs[0]
