-- The value returned for one consumed loop parameter may not alias the one
-- returned for another.
-- ==
-- error: Return value for loop parameter "b" aliases other consumed loop parameter
entry main (xs: *[]i32) (ys: *[]i32) : ([]i32, []i32) =
  loop (a, b) = (xs, ys) for i < 2 do
    let a[0] = 1
    let b[0] = 2
    in (a, a)
