-- match on a sum type whose payload is a tuple, with nested literal patterns.
-- ==
-- input { 3i32 4i32 }
-- output { [4i32, 12i32, 700i32, 3i32, -1i32] }
type t = #pair (i32, i32) | #single i32 | #none
def score (v: t) : i32 =
  match v
  case #pair (0, y) -> y
  case #pair (x, y) -> x * y
  case #single 7 -> 700
  case #single x -> x
  case #none -> -1
entry main (a: i32) (b: i32) : []i32 = map score [#pair (0, b), #pair (a, b), #single 7, #single a, #none]
