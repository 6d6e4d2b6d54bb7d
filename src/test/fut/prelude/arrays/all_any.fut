-- all and any, including on empty arrays.
-- ==
-- input { [1i32, 2i32, 3i32] }
-- output { true true true false }
-- input { [0i32, 1i32] }
-- output { false false true false }
entry main (xs: []i32) : (bool, bool, bool, bool) =
  (all (> 0) xs, any (> 2) xs, all (> 0) (take 0 xs), any (> 0) (take 0 xs))
