-- The unit value () as a parameter, in tuples and in records.
-- ==
-- input { 4i32 } output { 42i32 5i32 }
def answer () : i32 = 42
def snd' ((_, x): ((), i32)) : i32 = x
entry main (x: i32) : (i32, i32) =
  let u = ()
  let r = {u, v = x + 1}
  in (answer u, snd' (r.u, r.v))
