-- Two unique results that alias each other are rejected.
-- ==
-- error: aliased to some other component
entry main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)
