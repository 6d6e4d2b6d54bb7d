-- A match on a tuple of bools that misses the case (false, false) is not exhaustive.
-- ==
-- error: [Uu]nmatched cases
entry main (a: bool) (b: bool) : i32 =
  match (a, b)
  case (true, _) -> 1
  case (false, true) -> 2
