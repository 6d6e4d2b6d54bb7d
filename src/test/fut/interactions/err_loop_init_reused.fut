-- After an array is consumed by passing it to a loop, the original may not be used.
-- ==
-- error: [Uu]sing .*consumed|consumed
entry main (n: i64) : i64 =
  let xs = iota n
  let ys = loop acc = xs for i < n do acc with [i] = 0
  in ys[0] + xs[0]
