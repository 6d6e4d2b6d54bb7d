-- Slices with positive strides and omitted bounds.
-- ==
-- input { [10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32, 17i32] }
-- output { [11i32, 12i32, 13i32, 14i32] [10i32, 12i32, 14i32, 16i32] [11i32, 14i32, 17i32] [10i32, 11i32, 12i32] [15i32, 16i32, 17i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (xs[1:5], xs[::2], xs[1::3], xs[:3], xs[5:])
