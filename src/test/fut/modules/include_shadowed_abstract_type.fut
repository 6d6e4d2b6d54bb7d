-- Two included module types may specify a type of the same name: the later one is what the
-- name means, and the earlier one, still used by the earlier values, is the module's type of that
-- name too.
-- ==
-- input { 3i32 } output { 7i32 }
module type has_zero = { type t val zero : t }
module type has_step = { type t val step : t -> t }
module type both = { include has_zero include has_step }
module counter : both = { type t = i32 def zero = 1i32 def step (x: i32) = x + 2 }
entry main (x: i32) = x + 4
