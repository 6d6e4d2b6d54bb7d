-- A parametric module applied to a user module that itself contains a nested module and a type.
-- ==
-- input { 3i32 } output { 9i32 [6i32, 6i32, 6i32] }
module base = {
  type t = i32
  def zero : t = 0
  module ops = {
    def combine (a: i32) (b: i32) : i32 = a + b
  }
  def combine = ops.combine
}
module folder (B: { type t val zero : t val combine : t -> t -> t }) = {
  def times (n: i32) (x: B.t) : B.t = loop acc = B.zero for _i < n do B.combine acc x
  def fill (n: i64) (x: B.t) : []B.t = replicate n (times 2 x)
}
module F = folder base
entry main (x: i32) : (i32, []i32) = (F.times 3 x, F.fill 3 x)
