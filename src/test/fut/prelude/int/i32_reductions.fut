-- i32.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32, -8i32] }
-- output { 23i32 -51840i32 9i32 -8i32 0i32 1i32 }
entry main (xs: []i32) : (i32, i32, i32, i32, i32, i32) =
  let e = filter (> i32.highest) xs
  in (i32.sum xs, i32.product xs, i32.maximum xs, i32.minimum xs, i32.sum e, i32.product e)
