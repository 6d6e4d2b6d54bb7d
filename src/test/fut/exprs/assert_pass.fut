-- assert returns its second argument when the condition holds.
-- ==
-- input { [4i32, 5i32] 1i64 }
-- output { 10i32 }
entry main (xs: []i32) (i: i64) : i32 =
  assert (i >= 0 && i < length xs) xs[i] * 2
