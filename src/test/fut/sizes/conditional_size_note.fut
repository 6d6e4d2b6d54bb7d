-- Branches whose arrays differ in size have a new unknown size, which the reference calls "differ"
-- and explains with the two branch types.
-- ==
-- error: The other an array of type:       \[m\]i32

def main [n][m] (b: bool) (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  match b
  case true -> xs
  case false -> ys
