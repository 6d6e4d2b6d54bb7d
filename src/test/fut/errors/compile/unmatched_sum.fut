-- A match on a sum type missing a constructor is non-exhaustive.
-- ==
-- error: [Uu]nmatched cases
type t = #a | #b | #c
entry main (x: i32) : i32 =
  let v : t = if x == 0 then #a else #b
  in match v case #a -> 1 case #b -> 2
