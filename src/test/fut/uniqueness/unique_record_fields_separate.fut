-- The fields of a unique record parameter are separate arrays: passing the
-- record on to another consuming function, in a loop, is fine.
-- ==
-- input { 3i64 } output { [5i32, 0i32, 0i32] [1i32, 1i32, 1i32] }
type cache [n] = {hits: [n]i32, ones: [n]i32}
def touch [n] (c: *cache [n]) : (i32, *cache [n]) =
  (1, c with hits[0] = c.hits[0] + 1)
entry main (n: i64) : ([]i32, []i32) =
  let c0 : *cache [n] = {hits = replicate n 0, ones = replicate n 1}
  let step (c: *cache [n]) = touch c
  let (_, c) = loop (k, c) = (0i32, c0) for _i < 5 do step c
  in (c.hits, c.ones)
