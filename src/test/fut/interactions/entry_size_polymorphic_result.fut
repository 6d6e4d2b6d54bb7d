-- An anonymous size in a declared result type that nothing determines (here the inner size of an
-- empty array literal) is chosen by the caller: the function is size-polymorphic in its result,
-- which an entry point must not be (the reference closes such sizes over as size parameters).
-- ==
-- error: Entry point functions must not be size-polymorphic in their return type
entry main (x: i32) : [0][]i32 = []
