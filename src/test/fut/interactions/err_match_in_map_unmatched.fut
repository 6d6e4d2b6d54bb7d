-- A non-exhaustive match on a sum type inside the lambda of a map.
-- ==
-- error: [Uu]nmatched cases
type dir = #left | #right | #stay
entry main (xs: []i32) : []i32 =
  map (\x -> let d : dir = if x > 0 then #right else #left
             in match d
                case #left -> x - 1
                case #right -> x + 1) xs
