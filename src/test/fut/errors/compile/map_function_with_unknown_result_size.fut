-- map's element type parameter is not size-lifted: a function whose result size cannot be known
-- statically (here it depends on the element) cannot be mapped, as in the reference.
-- ==
-- error: cannot be instantiated with type containing anonymous sizes|scope violation
entry main (ks: []i64) : [][]i64 = map (\k -> iota k) ks
