-- A loop body may not consume an array bound outside the loop (it could run more than once).
-- ==
-- error: Consuming variable "xs", which is not consumable
entry main (xs: *[]i32) : i32 =
  let ys = loop acc = 0 for i < 2 do
             let zs = xs with [i] = acc
             in zs[0]
  in ys + xs[0]
