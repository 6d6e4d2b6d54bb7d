-- u32.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3u32, 1u32, 4u32, 1u32, 5u32, 9u32, 2u32, 6u32, 8u32] }
-- output { 39u32 51840u32 9u32 1u32 0u32 1u32 }
entry main (xs: []u32) : (u32, u32, u32, u32, u32, u32) =
  let e = filter (> u32.highest) xs
  in (u32.sum xs, u32.product xs, u32.maximum xs, u32.minimum xs, u32.sum e, u32.product e)
