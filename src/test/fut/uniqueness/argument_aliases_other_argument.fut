-- An argument passed for a consuming parameter may not alias another argument
-- of the same call.
-- ==
-- error: Argument is consumed, but aliases
def put (dst: *[]i32) (src: []i32) : *[]i32 = dst with [0] = src[0]
entry main (xs: *[]i32) : []i32 = put xs xs[1:]
