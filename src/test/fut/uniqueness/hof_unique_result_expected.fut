-- A function returning a non-unique array may not be passed where one
-- returning a unique array is expected.
-- ==
-- error: Return types.*have incompatible uniqueness
def fill [n] (f: [n]i32 -> *[n]i32) (xs: [n]i32) : *[n]i32 = f xs with [0] = 0
def same (ys: []i32) : []i32 = ys
entry main (xs: []i32) : []i32 = fill same xs
