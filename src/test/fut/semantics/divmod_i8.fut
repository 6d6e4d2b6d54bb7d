-- i8: / and % round towards negative infinity, // and %% towards zero.
-- ==
-- input { [7i8, -7i8, 7i8, -7i8, 0i8, 13i8, -1i8] [2i8, 2i8, -2i8, -2i8, 5i8, 13i8, 3i8] }
-- output { [3i8, -4i8, -4i8, 3i8, 0i8, 1i8, -1i8] [1i8, 1i8, -1i8, -1i8, 0i8, 0i8, 2i8] [3i8, -3i8, -3i8, 3i8, 0i8, 1i8, 0i8] [1i8, -1i8, 1i8, -1i8, 0i8, 0i8, -1i8] }
entry main [n] (a: [n]i8) (b: [n]i8) : ([]i8, []i8, []i8, []i8) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
