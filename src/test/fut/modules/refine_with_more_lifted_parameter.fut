-- A refinement's type parameters may be more lifted than the abstract type's.
-- ==
-- input { 2i32 } output { 3i32 }
module type box = { type box 'a val wrap 'a : a -> box a }
module type fun_box = box with box '^a = a
module ident : fun_box = { type^ box '^a = a def wrap 'a (x: a) : box a = x }
entry main (x: i32) = ident.wrap (x + 1)
