-- A specification with existential sizes in a function's result ([k] and [w]) is matched by a
-- function that returns a closure and an array whose row type fixes w: the specification's
-- existential sizes may stand for the module's; slice bounds are i64.
-- ==
-- input { [5u8, 0u8, 7u8, 9u8] 1i64 } output { [7u8, 9u8] }
module words : {
  type word [w]
  val split [n] : [n]u8 -> ?[k][w].(word [w] -> ?[m].[m]u8, [k](word [w]))
} = {
  type word [w] = ([w](), i64, i64)
  def split [n] (s: [n]u8) =
    let none = replicate 0 ()
    let starts = filter (\i -> s[i] != 0 && (i == 0 || s[i - 1] == 0)) (indices s)
    in ( \(_, i, k) -> s[i:i + k]
       , map (\i -> (none, i, (loop j = i while j < n && s[j] != 0 do j + 1) - i)) starts )
}
entry main (s: []u8) (i: i64) = let (get, ws) = words.split s in get ws[i]
