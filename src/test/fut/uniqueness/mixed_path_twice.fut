-- Updates along paths of fields and indices consume their target once and
-- give a fresh value, which may be updated again.
-- ==
-- input { [1i32, 2i32] [3i32, 4i32] } output { [1i32, 9i32] [8i32, 4i32] }
def poke [n] (p: *([n]i32, [n]i32)) : ([n]i32, [n]i32) =
  (p with 0[1] = 9) with 1[0] = 8
entry main (xs: *[2]i32) (ys: *[2]i32) : ([]i32, []i32) = poke (xs, ys)
