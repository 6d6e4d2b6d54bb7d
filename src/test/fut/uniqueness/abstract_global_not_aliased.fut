-- A top-level value of an abstract type is not an array the caller could
-- consume: returning it from a function is fine.
-- ==
-- input { 3i64 } output { [7u8, 7u8, 7u8] }
module type elem = { type t val seven : t }
module mk (E: elem) = {
  def pick (_: i64) : E.t = E.seven
  def fill (n: i64) : *[n]E.t = replicate n (pick 0)
}
module u = mk { type t = u8 def seven = 7u8 }
entry main (n: i64) : []u8 = u.fill n
