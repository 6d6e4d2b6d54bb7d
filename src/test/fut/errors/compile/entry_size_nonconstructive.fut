-- An entry point's size parameter must be the size of an array an argument has: here it is only
-- an argument of an abstract type, which hides whether it is a size of its value.
-- ==
-- error: Entry point size parameter \[m\] only used non-constructively
module box : { type t 'a val mk 'a : a -> t a } = { type t 'a = a def mk x = x }

entry f [n] [m] (xs: [n]i32) (_: box.t ([m]i64)) : i64 = n + m
