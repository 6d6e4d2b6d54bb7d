-- Empty slices are allowed at any valid position.
-- ==
-- input { [1i32, 2i32, 3i32] 3i64 }
-- output { empty([0]i32) empty([0]i32) 0i64 }
-- input { [1i32, 2i32, 3i32] 1i64 }
-- output { empty([0]i32) empty([0]i32) 2i64 }
entry main (xs: []i32) (i: i64) : ([]i32, []i32, i64) =
  (xs[i:i], xs[0:0], length xs[i:])
