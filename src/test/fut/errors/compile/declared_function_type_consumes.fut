-- A definition declared with an observing function type cannot be a consuming function.
-- ==
-- error: does not have expected type
def bump (xs: *[]i32) : i32 = let ys = xs with [0] = 1 in ys[0]
def g : []i32 -> i32 = bump
