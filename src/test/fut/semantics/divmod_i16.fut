-- i16: / and % round towards negative infinity, // and %% towards zero.
-- ==
-- input { [7i16, -7i16, 7i16, -7i16, 0i16, 13i16, -1i16] [2i16, 2i16, -2i16, -2i16, 5i16, 13i16, 3i16] }
-- output { [3i16, -4i16, -4i16, 3i16, 0i16, 1i16, -1i16] [1i16, 1i16, -1i16, -1i16, 0i16, 0i16, 2i16] [3i16, -3i16, -3i16, 3i16, 0i16, 1i16, 0i16] [1i16, -1i16, 1i16, -1i16, 0i16, 0i16, -1i16] }
entry main [n] (a: [n]i16) (b: [n]i16) : ([]i16, []i16, []i16, []i16) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
