-- A unique sum-typed parameter may be consumed once.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [9i32, 2i32, 3i32] }
type opt = #some ([3]i32) | #none
def take (v: *opt) : *[3]i32 =
  match v
  case #some xs -> xs with [0] = 9
  case #none -> [0, 0, 0]
entry main (xs: *[3]i32) : [3]i32 = take (#some xs)
