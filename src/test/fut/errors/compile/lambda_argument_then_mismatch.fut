-- Arguments are checked in order, as the reference does: the lambda's body fixes its parameter
-- type (i32), so the array after it is the argument that does not fit.
-- ==
-- error: Cannot apply "map" to "xs" \(invalid type\)

def main (xs: []i64) = map (\x -> x + 1i32) xs
