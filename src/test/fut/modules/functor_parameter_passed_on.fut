-- A parametric module's parameter that is itself parametric may be passed on to another
-- parametric module expecting one: it is matched as a parametric module, by its module type.
-- ==
-- input { 5i32 } output { 25i32 }
module type fn = { val f : i32 -> i32 }
module type transformer = fn -> fn
module apply (F: transformer) (X: fn) = F X
module pass (F: transformer) = { module R = apply F { def f (x: i32) = x * 2 } }
module plus_triple (X: fn) : fn = { def f (x: i32) = X.f x + x * 3 }
module P = pass plus_triple
entry main (x: i32) = P.R.f x
