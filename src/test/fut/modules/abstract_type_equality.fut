-- An abstract type does not support equality, whatever it stands for.
-- ==
-- error: Comparing equality of values of type
module type id = { type t val make : i32 -> t }
module ids : id = { type t = i32 def make (x: i32) = x }
entry main (x: i32) = (ids.make x, true) == (ids.make 1, true)
