-- The same array cannot be passed to a consuming parameter and used as another argument.
-- ==
-- error: consumed
def upd (xs: *[]i32) (ys: []i32) : *[]i32 = xs with [0] = ys[1]
entry main (xs: *[]i32) : []i32 = upd xs xs
