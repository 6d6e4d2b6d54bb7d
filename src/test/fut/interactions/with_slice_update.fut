-- Slice updates with `with`, at the start and at an offset.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] [8i32, 9i32] } output { [8i32, 9i32, 3i32, 4i32, 5i32] [1i32, 2i32, 8i32, 9i32, 5i32] }
entry main [n] (xs: []i32) (ys: [n]i32) : ([]i32, []i32) =
  let a = copy xs
  let a = a with [0:n] = ys
  let b = copy xs
  let b = b with [2:2 + n] = ys
  in (a, b)
