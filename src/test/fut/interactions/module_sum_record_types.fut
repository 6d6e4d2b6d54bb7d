-- A parametric module declaring a sum type and a record type over its parameter's type; the instance is opened.
-- ==
-- input { 5i32 } output { 5i32 5i32 true }
-- input { -5i32 } output { 0i32 -5i32 true }
module type has_t = { type t val zero : t }
module box (P: has_t) = {
  type opt = #none | #some P.t
  type cell = {v: P.t, ok: bool}
  def get (d: P.t) (o: opt) : P.t = match o case #none -> d case #some x -> x
  def mk (x: P.t) : cell = {v = x, ok = true}
}
module ione = { type t = i32 def zero : t = 0 }
module B = box (ione)
open B
entry main (x: i32) : (i32, i32, bool) =
  let o : opt = if x > 0 then #some x else #none
  let c = mk x
  in (get ione.zero o, c.v, c.ok)
