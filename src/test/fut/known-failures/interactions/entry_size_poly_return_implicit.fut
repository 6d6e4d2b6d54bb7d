-- An entry point whose result has an inner size the caller would choose, inferred from an unsized [].
-- ==
-- error: size-polymorphic in their return type
entry main (x: i32) : [0][]i32 = []
