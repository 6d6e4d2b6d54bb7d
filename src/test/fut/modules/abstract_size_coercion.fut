-- A size coercion of an abstract type with a size parameter (P.buf [n]) may change that size; it is
-- checked at run time, as for arrays.
-- ==
-- input { 2i64 2i64 } output { [0u8, 0u8] }
-- input { 2i64 3i64 } error: cannot match shape
module resize (P: { type buf [n] val make : (n: i64) -> buf [n] val raw [n] : buf [n] -> [n]u8 }) = {
  def exactly (n: i64) (m: i64) : [n]u8 = P.raw (P.make m :> P.buf [n])
}
module bytes = resize {
  type buf [n] = [n]u8
  def make (n: i64) : buf [n] = replicate n 0
  def raw [n] (b: buf [n]) : [n]u8 = b
}
entry main (n: i64) (m: i64) = bytes.exactly n m
