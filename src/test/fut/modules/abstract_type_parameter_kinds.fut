-- A module's type must have parameters of the kinds the abstract type has (a size parameter is
-- not a type parameter).
-- ==
-- error: Module defines\s+type t \[n\] = \[n\]f32\s+but module type requires\s+type t 'a
module type container = { type t 'a }
module floats : container = { type t [n] = [n]f32 }
