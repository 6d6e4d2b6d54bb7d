-- A library for functor_sees_earlier_binding.fut (no tests of its own).
module type field = { type t val zero: t val one: t val (+): t -> t -> t }

module mk_ops (F: field) = {
  def two = F.(one + one)
}
