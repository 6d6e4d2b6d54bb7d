-- A non-unique function result aliases its arguments, so updating it consumes the argument.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [7i32, 2i32] }
def same (xs: []i32) : []i32 = xs
entry main (xs: *[]i32) : ([]i32, []i32) =
  let ys = copy (same xs)
  let ys[0] = 7
  in (xs, ys)
