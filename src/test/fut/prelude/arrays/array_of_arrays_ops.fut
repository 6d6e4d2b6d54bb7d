-- Whole-row operations on 2-d arrays: map reverse, rotate inner, map2 on rows.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[3i32, 2i32, 1i32], [6i32, 5i32, 4i32]] [[2i32, 4i32, 6i32], [8i32, 10i32, 12i32]] }
entry main (m: [][]i32) : ([][]i32, [][]i32) = (map reverse m, map2 (map2 (+)) m m)
