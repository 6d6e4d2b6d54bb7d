-- reduce over tuples (argmax with index of the first maximum).
-- ==
-- input { [3i32, 1i32, 4i32, 1i32, 5i32, 9i32, 2i32, 6i32] }
-- output { 9i32 5i64 }
entry main (xs: []i32) : (i32, i64) =
  reduce (\(a, i) (b, j) -> if a > b || (a == b && i < j) then (a, i) else (b, j))
         (i32.lowest, -1) (zip xs (indices xs))
