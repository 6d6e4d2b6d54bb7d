-- A loop body may not consume an array bound outside the loop.
-- ==
-- error: "xs".*not consumable
entry main (xs: *[]i32) (n: i64) : i32 =
  loop acc = 0 for i < n do let ys = xs with [i] = 0 in acc + ys[0]
