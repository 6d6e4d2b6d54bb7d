-- A module ascribed a module type with an abstract type and a refinement; a functor taking a module of that type.
-- ==
-- input { 4i32 } output { 12i32 5i32 }
module type stack = {
  type elem
  type t
  val empty : t
  val push : elem -> t -> t
  val total : t -> elem
}
module istack : stack with elem = i32 = {
  type elem = i32
  type t = (i32, i32)
  def empty : t = (0, 0)
  def push (x: i32) ((s, n): t) : t = (s + x, n + 1)
  def total ((s, _): t) : i32 = s
}
module pusher (S: stack with elem = i32) = {
  def push_n (n: i32) : S.t = loop s = S.empty for i < n do S.push (i + 1) s
}
module P = pusher istack
entry main (n: i32) : (i32, i32) =
  (istack.total (P.push_n n) + 2, istack.total (istack.push 5 istack.empty))
