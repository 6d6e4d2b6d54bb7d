-- A function declaring a unique result cannot return its non-unique parameter.
-- ==
-- error: aliased to .*not consumable|[Uu]nique-typed
def f (xs: []i32) : *[]i32 = xs
entry main (xs: []i32) : []i32 = f xs
