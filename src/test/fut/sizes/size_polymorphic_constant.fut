-- A value binding may have size parameters: each use chooses them, here from the context.
def first_n [n] : [n]i64 = 0..1..<n
def empty_rows [m] : [0][m]f32 = []

entry main (x: i64) : ([5]i64, i64, i64) =
  (copy first_n, length (empty_rows : [0][3]f32) + x, i64.sum (first_n : [4]i64))
-- ==
-- input { 1i64 } output { [0i64,1i64,2i64,3i64,4i64] 1i64 6i64 }
