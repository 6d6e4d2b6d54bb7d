-- A module's function without a return type matches a specification with a
-- unique result when its result is fresh.
-- ==
-- input { 4i32 } output { [9i32, 4i32] }
module type maker = { val mk : i32 -> *[2]i32 }
module m : maker = { def mk (x: i32) = [x, x] }
entry main (x: i32) : []i32 = m.mk x with [0] = 9
