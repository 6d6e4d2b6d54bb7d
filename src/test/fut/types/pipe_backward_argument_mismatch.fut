-- (<|) : (a -> b) -> a -> b: a value that the function cannot take is the pipe's argument.
-- ==
-- error: Cannot apply "<\|" to "xs" \(invalid type\)

def f (xs: []bool) = map (+1) <| xs
