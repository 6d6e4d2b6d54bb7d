-- A function whose result aliases its argument does not match a specification with a unique result.
-- ==
-- error: have incompatible uniqueness
module type cloner = { val clone [n] : [n]i32 -> *[n]i32 }
module c : cloner = { def clone [n] (xs: [n]i32) : [n]i32 = xs }
