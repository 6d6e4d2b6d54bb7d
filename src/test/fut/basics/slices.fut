-- Slices with bounds, strides and omitted bounds.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32] }
-- output { [2i32, 3i32, 4i32] [0i32, 2i32, 4i32, 6i32] [7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32, 0i32] [5i32, 6i32, 7i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  (xs[2:5], xs[::2], xs[::-1], xs[5:])
