-- Only == is checked for equality support (as in the reference): != on an abstract type is accepted.
-- ==
-- input { 1i32 } output { false }
-- input { 2i32 } output { true }
module type id = { type t val make : i32 -> t }
module ids : id = { type t = i32 def make (x: i32) = x }
entry main (x: i32) = ids.make x != ids.make 1
