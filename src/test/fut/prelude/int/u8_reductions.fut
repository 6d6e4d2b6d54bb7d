-- u8.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3u8, 1u8, 4u8, 1u8, 5u8, 9u8, 2u8, 6u8, 8u8] }
-- output { 39u8 128u8 9u8 1u8 0u8 1u8 }
entry main (xs: []u8) : (u8, u8, u8, u8, u8, u8) =
  let e = filter (> u8.highest) xs
  in (u8.sum xs, u8.product xs, u8.maximum xs, u8.minimum xs, u8.sum e, u8.product e)
