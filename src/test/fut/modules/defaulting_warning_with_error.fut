-- A definition whose type only an overloaded operator constrains is defaulted (to i32) with a
-- warning, reported with the errors of the program: here the module then does not match.
-- ==
-- error: Defaulting ambiguous type to i32
module type scaled = { val scale : f64 -> f64 -> f64 }
module s : scaled = { def scale a b = a * b }
