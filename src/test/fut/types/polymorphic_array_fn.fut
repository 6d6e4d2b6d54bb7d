-- A polymorphic function over arrays of any element type, including arrays of tuples.
-- ==
-- input { [1i32, 2i32, 3i32] [true, false, false] }
-- output { [2i32, 3i32, 1i32] [false, false, true] [2i32, 3i32, 1i32] [false, false, true] }
def rotate_left 't (xs: []t) : []t = xs[1:] ++ xs[:1]
entry main [n] (xs: [n]i32) (ys: [n]bool) : ([]i32, []bool, []i32, []bool) =
  let (a, b) = unzip (rotate_left (zip xs ys))
  in (rotate_left xs, rotate_left ys, a, b)
