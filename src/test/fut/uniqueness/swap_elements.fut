-- Swapping two elements in place through a scalar temporary (minimal form).
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { [2i32, 1i32, 3i32] }
entry main (xs: *[]i32) : []i32 =
  let t = xs[0]
  let xs[0] = xs[1]
  let xs[1] = t
  in xs
