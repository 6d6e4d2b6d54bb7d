-- match on tuples mixing literals, bool literals, variables and wildcards.
-- ==
-- input { [0i32, 3i32, 4i32] [true, true, false] }
-- output { [0i32, 30i32, -4i32] }
def classify (p: (i32, bool)) : i32 =
  match p
  case (0, _) -> 0
  case (n, true) -> n * 10
  case (n, false) -> -n
entry main [n] (xs: [n]i32) (bs: [n]bool) : []i32 = map classify (zip xs bs)
