-- The prelude functions and/or reduce arrays of bools.
-- ==
-- input { [true, false] }
-- output { false true }
-- input { [true, true] }
-- output { true true }
-- input { empty([0]bool) }
-- output { true false }
entry main (xs: []bool) : (bool, bool) = (and xs, or xs)
