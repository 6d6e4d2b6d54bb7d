-- bool parameters and results.
-- ==
-- input { true false }
-- output { false true true }
entry main (a: bool) (b: bool) : (bool, bool, bool) = (a && b, a || b, a != b)
