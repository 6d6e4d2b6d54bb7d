-- A module ascribed a module type, with an abstract type used through its interface.
-- ==
-- input { 5i32 }
-- output { 10i32 }
module type counter = {
  type t
  val zero : t
  val incr : t -> t
  val get : t -> i32
}
module c : counter = {
  type t = i32
  def zero = 0
  def incr (x: t) = x + 2
  def get (x: t) = x
}
entry main (n: i32) : i32 = c.get (loop x = c.zero for _i < n do c.incr x)
