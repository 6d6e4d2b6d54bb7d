-- any and all.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { true false true }
entry main (xs: []i32) : (bool, bool, bool) =
  (any (> 2) xs, all (> 2) xs, all (> 0) xs)
