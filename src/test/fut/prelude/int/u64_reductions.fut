-- u64.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3u64, 1u64, 4u64, 1u64, 5u64, 9u64, 2u64, 6u64, 8u64] }
-- output { 39u64 51840u64 9u64 1u64 0u64 1u64 }
entry main (xs: []u64) : (u64, u64, u64, u64, u64, u64) =
  let e = filter (> u64.highest) xs
  in (u64.sum xs, u64.product xs, u64.maximum xs, u64.minimum xs, u64.sum e, u64.product e)
