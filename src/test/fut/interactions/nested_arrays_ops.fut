-- Curried maps on 2-d arrays: map (map f), map (map2 f row) capturing a row, and row concatenation.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[2i32, 3i32], [4i32, 5i32]] [[2i32, 4i32], [4i32, 6i32]] [[1i32, 2i32, 1i32, 2i32], [3i32, 4i32, 3i32, 4i32]] [[3i32, 4i32], [1i32, 2i32]] }
entry main [n] [m] (a: [n][m]i32) : ([n][m]i32, [n][m]i32, [n][]i32, [n][m]i32) =
  let r0 = a[0]
  in (map (map (+ 1)) a, map (map2 (+) r0) a, map2 (++) a a, reverse a)
