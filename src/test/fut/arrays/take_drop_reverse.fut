-- take, drop, reverse, head, last.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 2i32] [3i32, 4i32, 5i32] [5i32, 4i32, 3i32, 2i32, 1i32] 1i32 5i32 }
entry main (xs: []i32) : ([]i32, []i32, []i32, i32, i32) =
  (take 2 xs, drop 2 xs, reverse xs, head xs, last xs)
