-- A size that changes from one iteration to the next cannot be tied to a size from outside the
-- loop (here the parameter ys's size, through a function that wants both sizes equal).
-- ==
-- error: Loop-variant size has escaped
def add [k] (a: [k]i64) (b: [k]i64) : [k]i64 = map2 (+) a b

entry main (xs: []i64) (ys: []i64) : []i64 =
  loop acc = xs for _i < 3 do
    add (acc ++ acc) ys
