-- Negative strides walk backwards; a[::-1] reverses.
-- ==
-- input { [10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32, 17i32] }
-- output { [17i32, 16i32, 15i32, 14i32, 13i32, 12i32, 11i32, 10i32] [16i32, 14i32, 12i32] [17i32, 14i32, 11i32] [13i32, 12i32, 11i32, 10i32] }
entry main (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  (xs[::-1], xs[6:1:-2], xs[::-3], xs[3::-1])
