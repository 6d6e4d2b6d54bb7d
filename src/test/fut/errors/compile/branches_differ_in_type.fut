-- Branches of different types: the whole conditional, their types without sizes, as the reference
-- words it ("Former"/"Latter").
-- ==
-- error: Former: \[\]i32

def main [n][m] (b: bool) (xs: [n]i32) (ys: [m]f32) =
  if b then xs else ys
