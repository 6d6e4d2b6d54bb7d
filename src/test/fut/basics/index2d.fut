-- Two-dimensional indexing and row slices.
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { 6i32 [4i32, 5i32, 6i32] [3i32, 6i32] }
entry main (m: [][]i32) : (i32, []i32, []i32) =
  (m[1, 2], m[1], map (\r -> r[2]) m)
