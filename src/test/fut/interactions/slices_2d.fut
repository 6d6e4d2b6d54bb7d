-- Two-dimensional slices with strides, and indexing a[i][j] versus a[i, j].
-- ==
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32], [7i32, 8i32, 9i32]] }
-- output { [[4i32, 6i32], [7i32, 9i32]] [[9i32, 8i32, 7i32]] true [3i32, 6i32, 9i32] }
entry main (a: [][]i32) : ([][]i32, [][]i32, bool, []i32) =
  (a[1:, ::2], a[2:, ::-1], a[1][2] == a[1, 2], a[:, 2])
