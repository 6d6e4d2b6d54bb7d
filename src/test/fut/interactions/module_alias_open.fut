-- A module alias, open at top level, and a nested module reached through a qualified name.
-- ==
-- input { 2.0f64 } output { 1.4142135623730951f64 7i32 5i32 }
module F = f64
module geo = {
  def double (x: i32) = x * 2
  module inner = {
    def plus3 (x: i32) = x + 3
  }
}
open geo
entry main (x: f64) : (f64, i32, i32) = (F.sqrt x, double 2 + 3, geo.inner.plus3 2)
