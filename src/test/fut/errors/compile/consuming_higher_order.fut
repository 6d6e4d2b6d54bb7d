-- Passing a consuming function to a non-consuming higher-order parameter is rejected.
-- ==
-- error: incompatible regarding consuming their arguments
def apply 'a 'b (f: a -> b) (x: a) : b = f x
def consume [n] (xs: *[n]i32) : [n]i32 = xs with [0] = 0
entry main (arr: *[]i32) : []i32 = apply consume arr
