-- Reductions over bools with && and || (and their neutral elements), and counting trues.
-- ==
-- input { [true, false] }
-- output { false true 1i32 }
-- input { [true, true] }
-- output { true true 2i32 }
-- input { empty([0]bool) }
-- output { true false 0i32 }
entry main (xs: []bool) : (bool, bool, i32) =
  (reduce (&&) true xs, reduce (||) false xs, i32.sum (map i32.bool xs))
