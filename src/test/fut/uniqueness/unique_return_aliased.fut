-- A unique return type may not alias a non-unique parameter.
-- ==
-- error: [Uu]nique|alias
def f (xs: []i32) : *[]i32 = xs
entry main (xs: []i32) : []i32 = f xs
