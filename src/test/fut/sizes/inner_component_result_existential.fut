-- A result whose size is named by a tuple parameter's component is existential outside the
-- function: callers get an array of some size, equal to the component's value.
-- ==
-- input { 3i64 4i32 }
-- output { [4, 4, 4, 4] 4i64 }
-- input { 0i64 7i32 }
-- output { [7] 1i64 }
def pad (k: i64, x: i32) = replicate (k + 1) x
entry main (n: i64) (x: i32) =
  let ys = pad (n, x)
  in (ys, length ys)
