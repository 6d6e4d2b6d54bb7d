-- Arrays of the unit type: built, mapped, concatenated, iterated, compared and filtered.
-- ==
-- input { 3i64 } output { 3i64 6i64 true 2i64 }
entry main (n: i64) : (i64, i64, bool, i64) =
  let xs = replicate n ()
  let ys = map (\_ -> ()) (iota n)
  let zs = concat xs ys
  let c = loop c = 0i64 for _u in zs do c + 1
  let ws = filter (\_ -> true) (zs[1:3])
  in (length xs, c, xs == ys, length ws)
