-- The pipe is a function of the prelude, (|>) : a -> (a -> b) -> b: something that is not a
-- function on its right is its argument of the wrong type.
-- ==
-- error: Cannot apply "\|>" to "\(map \(\+ ?1\) xs\)" \(invalid type\)

def f (xs: []i32) = xs |> (map (+1) xs)
