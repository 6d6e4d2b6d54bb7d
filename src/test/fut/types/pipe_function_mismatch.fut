-- x |> f where f cannot take x: f is the pipe's argument of the wrong type.
-- ==
-- error: Cannot apply "\|>" to "map \(\+ ?1\)" \(invalid type\)

def f (xs: []bool) = xs |> map (+1)
