-- A definition declared to be a function returning a unique array may not
-- be a lambda without that return type: its result is not unique.
-- ==
-- error: Function body does not have expected type.*have incompatible uniqueness
def fresh : []i32 -> *[]i32 = \xs -> copy xs
entry main (xs: []i32) : []i32 = fresh xs
