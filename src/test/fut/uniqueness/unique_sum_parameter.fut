-- A unique sum-typed parameter (*opt) makes its payload's arrays consumable in the function, and
-- the caller's argument consumed: using it again is an error.
-- ==
-- error: "v".*consumed
type opt = #some ([3]i32) | #none
def take (v: *opt) : *[3]i32 =
  match v
  case #some xs -> xs with [0] = 9
  case #none -> [0, 0, 0]
entry main (v: *opt) = (take v, take v)
