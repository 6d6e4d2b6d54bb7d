-- A lifted type abbreviation for a record of functions, passed to and returned from functions.
-- ==
-- input { 5i32 } output { 11i32 9i32 24i32 }
type^ ops = {pre: i32 -> i32, post: i32 -> i32}
def run (o: ops) (x: i32) : i32 = o.post (o.pre x)
def flipped (o: ops) : ops = {pre = o.post, post = o.pre}
def scaled (k: i32) : ops = {pre = (* k), post = (+ 1)}
entry main (x: i32) : (i32, i32, i32) =
  let o = scaled 2
  in (run o x, run {pre = (+ 4), post = id} x, run (flipped (scaled 4)) x)
