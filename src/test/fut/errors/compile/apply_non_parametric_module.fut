-- Only parametric modules can be applied (E0412).
-- ==
-- error: non-parametric
module A = { def x : i32 = 1 }
module B = A A
entry main (y: i32) : i32 = y
