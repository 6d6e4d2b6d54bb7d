-- i16.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3i16, 1i16, 4i16, 1i16, 5i16, 9i16, 2i16, 6i16, -8i16] }
-- output { 23i16 13696i16 9i16 -8i16 0i16 1i16 }
entry main (xs: []i16) : (i16, i16, i16, i16, i16, i16) =
  let e = filter (> i16.highest) xs
  in (i16.sum xs, i16.product xs, i16.maximum xs, i16.minimum xs, i16.sum e, i16.product e)
