-- With <| the function is evaluated before its argument, so the lambda's parameter type would
-- need the size filter returns before filter has run (the reference's causality check).
-- ==
-- error: Causality check: size "d[^"]*" needed for type of \(ys: \[d[^]]*\]i32\)
def apply_to [n] (f: [n]i32 -> i64) (xs: [n]i32) : i64 = f xs
entry main (xs: []i32) : i64 = apply_to (\ys -> length ys) <| filter (> 0) xs
