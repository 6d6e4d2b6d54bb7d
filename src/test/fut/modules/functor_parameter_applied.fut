-- A parametric module's parameter may itself be parametric; applying it in the body applies the
-- argument, whose result the parameter's module type refines to stay transparent.
-- ==
-- input { 5i32 } output { 40i32 }
module type num = { type t val add : t -> t -> t }
module i32num = { type t = i32 def add = (i32.+) }
module apply_twice (F: (N: num) -> num with t = N.t) = F (F i32num)
module dbl (N: num) : num with t = N.t = { type t = N.t def add x y = N.add (N.add x y) (N.add x y) }
module q = apply_twice dbl
entry main (x: i32) = q.add x 0
