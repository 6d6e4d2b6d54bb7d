-- A size argument of an abstract type is a size of the value itself: the entry point can have it.
module vec : { type vec [n] val mk [n] : [n]i32 -> vec [n] val sum [n] : vec [n] -> i32 } = {
  type vec [n] = [n]i32
  def mk xs = xs
  def sum xs = i32.sum xs
}

entry main [n] (xs: [n]i32) : i32 = vec.sum (vec.mk xs)
-- ==
-- input { [1, 2, 3] } output { 6 }
