-- A while loop carrying an array and a counter.
-- ==
-- input { [8i32, 9i32, 10i32] }
-- output { [2i32, 2i32, 2i32] 2i32 }
entry main (xs: []i32) : ([]i32, i32) =
  loop (ys, k) = (xs, 0) while i32.sum ys > 10 do (map (/ 2) ys, k + 1)
