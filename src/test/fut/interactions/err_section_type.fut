-- A section with a float operand cannot be mapped over an array of integers.
-- ==
-- error: [Cc]ouldn.t match|[Cc]annot unify|do not match|cannot be used at type|Cannot instantiate
entry main (xs: []i32) : []i32 = map (+ 1.5) xs
