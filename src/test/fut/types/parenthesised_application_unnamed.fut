-- A parenthesised application is a function value of its own: messages about its arguments
-- name no function.
-- ==
-- error: Cannot apply function to "\(\+\)" \(invalid type\)

def f (xs: []i32) = (map2 (+) xs) (+)
