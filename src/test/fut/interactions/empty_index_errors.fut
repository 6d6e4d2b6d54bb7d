-- head and last of an empty array are out-of-bounds errors; iterate 0 returns its argument.
-- ==
-- input { [4i32, 5i32] } output { 4i32 5i32 [4i32, 5i32] }
-- input { empty([0]i32) } error: out of bounds|[Ii]ndex
entry main (xs: []i32) : (i32, i32, []i32) = (head xs, last xs, iterate 0 (map (* 2)) xs)
