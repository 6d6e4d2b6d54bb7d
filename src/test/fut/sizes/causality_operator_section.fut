-- The section's type names the size of its operand, which is computed by the section itself.
-- ==
-- error: Causality check: size "d[^"]*" needed for type of operator section
entry main (xs: []i32) : []i32 = flatten (map (filter (> 0) xs ++) [xs])
