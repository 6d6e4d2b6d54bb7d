-- An element of an array literal ascribed []i8 is out of range for i8.
-- ==
-- error: [Ll]iteral out of bounds
entry main (x: i8) : []i8 = map (+ x) ([1, 2, 300] : []i8)
