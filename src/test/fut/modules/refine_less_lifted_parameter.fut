-- A refinement's type parameters may not be less lifted than the abstract type's.
-- ==
-- error: Cannot refine a type having type parameters 'a with a type having type parameters '\^a
module type holder = { type h '^a }
module type plain = holder with h 'a = (a, a)
