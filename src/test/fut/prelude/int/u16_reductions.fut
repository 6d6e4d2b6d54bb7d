-- u16.sum, product, maximum and minimum, and their neutral elements on empty arrays.
-- ==
-- input { [3u16, 1u16, 4u16, 1u16, 5u16, 9u16, 2u16, 6u16, 8u16] }
-- output { 39u16 51840u16 9u16 1u16 0u16 1u16 }
entry main (xs: []u16) : (u16, u16, u16, u16, u16, u16) =
  let e = filter (> u16.highest) xs
  in (u16.sum xs, u16.product xs, u16.maximum xs, u16.minimum xs, u16.sum e, u16.product e)
