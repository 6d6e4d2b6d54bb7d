-- A size parameter used only in the result type is determined by the caller's expected type.
-- ==
-- input { 3i64 } output { [7i64, 7i64, 7i64] [[0i32, 0i32], [0i32, 0i32], [0i32, 0i32]] }
def filled [n] (x: i64) : [n]i64 = replicate n x
def zeros [r][c] (z: i32) : [r][c]i32 = replicate r (replicate c z)
entry main (k: i64) : ([k]i64, [k][2]i32) = (filled 7, zeros 0)
