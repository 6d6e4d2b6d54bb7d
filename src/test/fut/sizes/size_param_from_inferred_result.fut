-- A size parameter used only by the inferred result is chosen by the caller's expected type, as
-- with a declared result.
-- ==
-- input { 7i64 [1, 2, 3] }
-- output { [7i64, 7i64, 7i64] [2, 3] }
def filled [n] (x: i64) = replicate n x
def firsts [n] a = map (\i -> a[i] + 1i32) (iota n)
entry main (k: i64) (xs: []i32) : ([]i64, [2]i32) =
  let ys : [3]i64 = filled k
  in (ys, firsts xs)
