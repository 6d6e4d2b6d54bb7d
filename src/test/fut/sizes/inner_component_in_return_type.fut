-- A declared return type may not refer to a name bound inside a tuple parameter: the function's
-- type can only name whole parameters.
-- ==
-- error: refers to the name "w" which is bound to an inner component of a function parameter
def widths (w: i64, h: i64) : [w]i64 = map (* h) (iota w)
entry main (n: i64) : []i64 = widths (n, 2)
