-- bools compare with false < true; reductions with && and ||.
-- ==
-- input { [true, false] }
-- output { true false true false }
-- input { [true, true] }
-- output { true true true false }
entry main (xs: []bool) : (bool, bool, bool, bool) =
  (false < true, reduce (&&) true xs, reduce (||) false xs, true <= false)
