-- Two unique results that alias each other are rejected.
-- ==
-- error: [Uu]nique|alias|consumed
entry main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)
