-- i64.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3i64, 1i64, 4i64, 1i64, 5i64, 9i64, 2i64, 6i64, -8i64] }
-- output { 23i64 -51840i64 9i64 -8i64 0i64 1i64 }
entry main (xs: []i64) : (i64, i64, i64, i64, i64, i64) =
  let e = filter (> i64.highest) xs
  in (i64.sum xs, i64.product xs, i64.maximum xs, i64.minimum xs, i64.sum e, i64.product e)
