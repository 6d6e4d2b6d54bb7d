-- A size binder names a dimension of the value for the body, where arrays of that size fit it.
-- ==
-- input { 3i64 } output { 2i64 [[1i32, 1i32], [2i32, 2i32], [3i32, 3i32]] }
def grid (n: i64) : [n][n-1]i32 = tabulate_2d n (n-1) (\i _ -> i32.i64 i + 1)

entry main (n: i64) : (i64, [n][]i32) =
  let [m] (xss: [][m]i32) = grid n
  let ones = replicate m 1i32
  in (m, map (\row -> map2 (*) row ones) xss)
