-- An entry point without parameters returning a tuple.
-- ==
-- input { } output { [1i32, 2i32, 3i32] 6i32 }
entry main : ([]i32, i32) = let xs = [1, 2, 3] in (xs, i32.sum xs)
