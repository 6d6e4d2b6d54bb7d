-- i64: / and % round towards negative infinity, // and %% towards zero.
-- ==
-- input { [7i64, -7i64, 7i64, -7i64, 0i64, 13i64, -1i64] [2i64, 2i64, -2i64, -2i64, 5i64, 13i64, 3i64] }
-- output { [3i64, -4i64, -4i64, 3i64, 0i64, 1i64, -1i64] [1i64, 1i64, -1i64, -1i64, 0i64, 0i64, 2i64] [3i64, -3i64, -3i64, 3i64, 0i64, 1i64, 0i64] [1i64, -1i64, 1i64, -1i64, 0i64, 0i64, -1i64] }
entry main [n] (a: [n]i64) (b: [n]i64) : ([]i64, []i64, []i64, []i64) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
