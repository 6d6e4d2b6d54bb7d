-- Typed holes take their type from the context (here a tuple holding an array); unevaluated holes are fine.
-- ==
-- input { true [1.0f64] }
-- output { 1i32 [1.0f64] }
-- input { false [1.0f64] }
-- error: Reached hole of type: \(i32, \[[a-z0-9_]*\]f64\)
def pick (b: bool) (x: (i32, []f64)) : (i32, []f64) = if b then x else ???
entry main (b: bool) (xs: []f64) : (i32, []f64) = pick b (1, xs)
