-- "with" may only refine an abstract type of a module type (E0411).
-- ==
-- error: not an abstract type
module type has_t = { type t = i32 }
module M : (has_t with t = i32) = { type t = i32 }
entry main (x: i32) : i32 = x
