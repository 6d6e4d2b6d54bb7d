-- i32: / and % round towards negative infinity, // and %% towards zero.
-- ==
-- input { [7i32, -7i32, 7i32, -7i32, 0i32, 13i32, -1i32] [2i32, 2i32, -2i32, -2i32, 5i32, 13i32, 3i32] }
-- output { [3i32, -4i32, -4i32, 3i32, 0i32, 1i32, -1i32] [1i32, 1i32, -1i32, -1i32, 0i32, 0i32, 2i32] [3i32, -3i32, -3i32, 3i32, 0i32, 1i32, 0i32] [1i32, -1i32, 1i32, -1i32, 0i32, 0i32, -1i32] }
entry main [n] (a: [n]i32) (b: [n]i32) : ([]i32, []i32, []i32, []i32) =
  (map2 (/) a b, map2 (%) a b, map2 (//) a b, map2 (%%) a b)
