-- A pipe is a function of the prelude, (|>) : a -> (a -> b) -> b, whose result aliases the piped
-- value, whatever the function piped into returns: map f xs is fresh, xs |> map f is not.
-- ==
-- error: aliased to "xs"
def bump (xs: []i32) : *[]i32 = xs |> map (+ 1)
entry main (xs: []i32) : []i32 = bump xs
