-- A size written with a function call ([side n * side n]) is split by unflatten's inference into
-- calls that the generated code evaluates.
-- ==
-- input { [1i64, 2i64, 3i64, 4i64] } output { [[1i64, 2i64], [3i64, 4i64]] }
-- input { [1i64, 2i64, 3i64] } error: cannot match shape
def side (k: i64) : i64 = i64.f64 (f64.sqrt (f64.i64 k))
entry main [k] (xs: [k]i64) : [][]i64 = unflatten (xs :> [side k * side k]i64)
