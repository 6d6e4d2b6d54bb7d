-- copy makes a fresh array so the original can still be used after updating the copy.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [100i32, 2i32] }
entry main (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 100
  in (xs, ys)
