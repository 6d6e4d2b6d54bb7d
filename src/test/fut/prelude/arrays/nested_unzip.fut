-- unzip of nested tuples, then unzip again.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 2i32] [2i32, 4i32] [false, true] }
entry main (xs: []i32) : ([]i32, []i32, []bool) =
  let (a, bc) = unzip (map (\x -> (x, (x * 2, x > 1))) xs)
  let (b, c) = unzip bc
  in (a, b, c)
