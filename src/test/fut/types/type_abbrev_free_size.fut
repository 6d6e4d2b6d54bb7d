-- A size in a type abbreviation must be a parameter or a name in scope.
-- ==
-- error: [Uu]nknown|not in scope|[Uu]ndefined
type vec = [n]i32
entry main (x: i32) : i32 = x
