-- Values of a module seen through its module type keep their size parameters: a call infers them
-- from the argument's abstract sized type ([(n + 7) / 8]), and the body uses them.
-- ==
-- input { 10i64 } output { 2i64 20i64 }
-- input { 0i64 } output { 0i64 0i64 }
module type packed = {
  type words [w]
  val empty : (n: i64) -> words [(n + 7) / 8]
  val bits [n] : words [(n + 7) / 8] -> i64
  val count [n] : words [(n + 7) / 8] -> i64
}
module bytes : packed = {
  type words [w] = [w]u8
  def empty (n: i64) : words [(n + 7) / 8] = replicate ((n + 7) / 8) 0
  def bits [n] (ws: words [(n + 7) / 8]) : i64 = n * 2
  def count [n] (ws: words [(n + 7) / 8]) : i64 = length ws
}
entry main (n: i64) = let e = bytes.empty n in (bytes.count e, bytes.bits e)
