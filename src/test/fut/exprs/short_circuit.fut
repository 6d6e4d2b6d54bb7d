-- && and || short-circuit: the right operand is not evaluated (it would index out of bounds).
-- ==
-- input { [1i32, 2i32] 5i64 }
-- output { false true }
-- input { [1i32, -2i32] 1i64 }
-- output { false false }
entry main (xs: []i32) (i: i64) : (bool, bool) =
  (i < length xs && xs[i] > 0, i >= length xs || xs[i] > 0)
