-- i8.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3i8, 1i8, 4i8, 1i8, 5i8, 9i8, 2i8, 6i8, -8i8] }
-- output { 23i8 -128i8 9i8 -8i8 0i8 1i8 }
entry main (xs: []i8) : (i8, i8, i8, i8, i8, i8) =
  let e = filter (> i8.highest) xs
  in (i8.sum xs, i8.product xs, i8.maximum xs, i8.minimum xs, i8.sum e, i8.product e)
