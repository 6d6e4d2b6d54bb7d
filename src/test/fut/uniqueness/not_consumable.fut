-- Updating a non-unique parameter is a compile-time error.
-- ==
-- error: not consumable
def f (a: []i32) : []i32 =
  let a[0] = a[0] + 1
  in a
entry main (xs: []i32) : []i32 = f (copy xs)
