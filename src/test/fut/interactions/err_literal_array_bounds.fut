-- An element of an array literal ascribed []i8 is out of range for i8.
-- ==
-- error: Literal 300 out of bounds for inferred type i8
entry main (x: i8) : []i8 = map (+ x) ([1, 2, 300] : []i8)
