-- Values of a size-lifted abstract type made by a parametric module's application: their sizes
-- are the values' own (hidden by the module type), known to the code that uses them.
-- ==
-- input { [1i64, 2i64, 3i64] } output { 2i64 6i64 }
module store : { type box [n] 't val make [n] 't : [n]t -> box [n] t val get [n] 't : box [n] t -> i64 -> t
                 val all [n] 't : box [n] t -> [n]t } = {
  type box [n] 't = {size: [n]i64, vals: [n]t}
  def make [n] 't (xs: [n]t) : box [n] t = {size = iota n, vals = xs}
  def get [n] 't (b: box [n] t) (i: i64) = b.vals[i]
  def all [n] 't (b: box [n] t) = b.vals
}
module type boxes = { type t type~ boxed val make [n] : [n]t -> boxed val get : boxed -> i64 -> t val sum : boxed -> t }
module mk (N: { type t val add : t -> t -> t val zero : t }) : boxes with t = N.t = {
  type t = N.t
  type~ boxed = ?[n].store.box [n] t
  def make [n] (xs: [n]t) = store.make xs
  def get (b: boxed) (i: i64) : t = store.get b i
  def sum (b: boxed) : t = reduce N.add N.zero (store.all b)
}
module ints = mk { type t = i64 def add = (i64.+) def zero = 0i64 }
entry main (xs: []i64) = let b = ints.make xs in (ints.get b 1, ints.sum b)
