-- A specification's existential sizes may stand for whatever the module's value has there: a
-- fixed size (here 2 for w) or the module's own existential size (k).
-- ==
-- input { [1i32, -2i32, 3i32] } output { [2i32, 4i32] }
module type splitter = {
  type piece [w]
  val split [n] : [n]i32 -> ?[k][w].[k](piece [w])
  val total [w] : piece [w] -> i32
}
module pairs : splitter = {
  type piece [w] = [w]i32
  def split [n] (xs: [n]i32) = filter (\x -> x > 0) xs |> map (\x -> [x, 1])
  def total [w] (p: piece [w]) = i32.sum p
}
entry main (xs: []i32) = map pairs.total (pairs.split xs)
