-- A refinement must have parameters of the abstract type's kinds.
-- ==
-- error: Cannot refine a type having type parameters \[n\] with a type having type parameters 'a
module type container = { type c 'a }
module type sized = container with c [n] = [n]i32
