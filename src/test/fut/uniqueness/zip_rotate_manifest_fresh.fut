-- zip, rotate and manifest return arrays that alias nothing (as the
-- reference's prelude declares them): their results may be updated
-- in place, and the arguments keep their values.
-- ==
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { [1i32, 2i32, 3i32] [9i32, 2i32, 3i32] [2i32, 3i32, 8i32] [7i32, 2i32, 3i32] }
entry main (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32, []i32) =
  let z = zip xs ys with [0] = (9, 0)
  let r = rotate 1 xs with [2] = 8
  let m = manifest xs with [0] = 7
  in (xs, (unzip z).0, r, m)
