-- A unique return type may not alias a non-unique parameter.
-- ==
-- error: [Uu]nique-typed return value
def f (xs: []i32) : *[]i32 = xs
entry main (xs: []i32) : []i32 = f xs
