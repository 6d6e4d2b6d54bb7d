-- An anonymous size in an entry point's result type is existential (today's Futhark): the empty
-- array literal gets an inner size the program chooses.
-- ==
-- input { 1i32 }
-- output { empty([0][0]i32) }
entry main (x: i32) : [0][]i32 = []
