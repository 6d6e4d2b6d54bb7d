-- Modules are not recursive: in a parametric module's body its own name is the earlier binding
-- (here an imported one that it extends, as packages do), at every application.
-- ==
-- input { 5i32 } output { 7i32 3.0f64 }
import "functor_helper"

module mk_ops (F: field) = {
  open mk_ops F
  def three = F.(two + one)
}

module i32_field = { type t = i32 def zero = 0i32 def one = 1i32 def (+) = (i32.+) }
module f64_field = { type t = f64 def zero = 0f64 def one = 1f64 def (+) = (f64.+) }
module I = mk_ops i32_field
module D = mk_ops f64_field

entry main (x: i32) : (i32, f64) = (x + I.two, D.three)
