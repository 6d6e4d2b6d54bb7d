-- A module ascribed with a module type that specifies a parametric module keeps that member
-- applicable; its result type mentions the parameter's abstract type.
-- ==
-- input { 3i64 } output { [7i64, 7i64, 7i64] 2.5f32 }
module type maker = {
  module Make: (E: { type t val zero : t }) -> { val fill : i64 -> []E.t }
}
module impl : maker = {
  module Make (E: { type t val zero : t }) : { val fill : i64 -> []E.t } = {
    def fill (n: i64) : []E.t = replicate n E.zero
  }
}
module ints = impl.Make { type t = i64 def zero = 7i64 }
module floats = impl.Make { type t = f32 def zero = 2.5f32 }
entry main (n: i64) = (ints.fill n, (floats.fill 1)[0])
