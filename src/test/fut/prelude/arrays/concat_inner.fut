-- Concatenating matrices along the inner dimension with map2 (++).
-- ==
-- input { [[1i32], [2i32]] [[3i32, 4i32], [5i32, 6i32]] }
-- output { [[1i32, 3i32, 4i32], [2i32, 5i32, 6i32]] }
entry main [n] (a: [n][]i32) (b: [n][]i32) : [][]i32 = map2 (++) a b
