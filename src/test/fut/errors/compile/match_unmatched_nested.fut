-- The unmatched case of a match is reported as a pattern, nested constructors included.
-- ==
-- error: Unmatched cases.*#leaf \(#some _\)
type opt = #none | #some i32
type tree = #leaf opt | #node i32 i32
def size (t: tree) : i32 =
  match t
  case #node a b -> a + b
  case #leaf #none -> 0
