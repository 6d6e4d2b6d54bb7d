-- A function that consumes its argument does not match a specification that only observes it.
-- ==
-- error: are incompatible regarding consuming their arguments
module type setter = { val reset [n] : [n]i32 -> [3]i32 }
module s : setter = { def reset [n] (xs: *[n]i32) : [3]i32 = [0, 0, 0] with [0] = xs[0] }
