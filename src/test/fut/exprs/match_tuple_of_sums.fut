-- match on a pair of sum-typed values, with wildcards in either position.
-- ==
-- input { 3i32 }
-- output { [0i32, 3i32, 30i32, 9i32] }
type t = #x | #y i32
def combine (a: t) (b: t) : i32 =
  match (a, b)
  case (#x, #x) -> 0
  case (#y v, #x) -> v
  case (#x, #y w) -> 10 * w
  case (#y v, #y w) -> v + w
entry main (i: i32) : []i32 =
  [combine #x #x, combine (#y i) #x, combine #x (#y i), combine (#y i) (#y (i * 2))]
