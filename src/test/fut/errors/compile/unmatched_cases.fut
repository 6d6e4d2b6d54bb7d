-- A non-exhaustive match is a compile-time error.
-- ==
-- error: [Uu]nmatched cases
entry main (x: i32) : bool =
  match x
  case 0 -> false
  case 1 -> true
