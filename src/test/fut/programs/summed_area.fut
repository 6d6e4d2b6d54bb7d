-- Summed-area table by scans over rows and transposed columns, then rectangle queries with bounds tests.
-- ==
-- input { [[-4i32, 1i32, 6i32, 0i32, 5i32], [-1i32, 4i32, -2i32, 3i32, -3i32], [2i32, -4i32, 1i32, 6i32, 0i32], [5i32, -1i32, 4i32, -2i32, 3i32]] [0i64, 1i64, 2i64, 0i64] [0i64, 1i64, 0i64, 2i64] [3i64, 2i64, 3i64, 0i64] [4i64, 3i64, 0i64, 2i64] }
-- output { [[-4i32, -3i32, 3i32, 3i32, 8i32], [-5i32, 0i32, 4i32, 7i32, 9i32], [-3i32, -2i32, 3i32, 12i32, 14i32], [2i32, 2i32, 11i32, 18i32, 23i32]] [23i32, 8i32, 7i32, 6i32] }
entry main [n][m][q] (a: [n][m]i32) (r0: [q]i64) (c0: [q]i64) (r1: [q]i64) (c1: [q]i64) : ([n][m]i32, [q]i32) =
  let t = map (scan (+) 0) a |> transpose |> map (scan (+) 0) |> transpose
  let at i j = if i < 0 || j < 0 then 0 else t[i, j]
  let sums = map4 (\a b c d -> at c d - at (a - 1) d - at c (b - 1) + at (a - 1) (b - 1)) r0 c0 r1 c1
  in (t, sums)
