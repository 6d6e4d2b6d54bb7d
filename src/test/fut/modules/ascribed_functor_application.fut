-- A parametric module ascribed a parametric module type stays applicable; what it returns is seen
-- through the module type's result (here transparently, through a refinement of its parameter).
-- ==
-- input { 3i32 } output { 7i32 }
module type num = { type t val one : t val add : t -> t -> t }
module type doubler = (N: num) -> { val twice_plus_one : N.t -> N.t }
module dbl : doubler = \(N: num) -> { def twice_plus_one (x: N.t) = N.add (N.add x x) N.one }
module di = dbl { type t = i32 def one = 1i32 def add = (i32.+) }
entry main (x: i32) = di.twice_plus_one x
