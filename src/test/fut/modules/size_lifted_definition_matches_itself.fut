-- A size-lifted type definition of a module type matches the same definition in a module: the
-- module's existential sizes may be instantiated.
-- ==
-- input { 3i64 } output { 3i64 }
module type ragged = { type~ row = ?[k].[k]i32 val make : i64 -> row val len [k] : [k]i32 -> i64 }
module r : ragged = {
  type~ row = ?[k].[k]i32
  def make (n: i64) : row = replicate n 0
  def len [k] (xs: [k]i32) = length xs
}
entry main (n: i64) = r.len (r.make n)
