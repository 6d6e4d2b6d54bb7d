-- A loop carrying two arrays and a scalar, swapping the arrays each iteration.
-- ==
-- input { [1i32, 2i32] 3i32 }
-- output { [10i32, 20i32] [1i32, 2i32] 3i32 }
-- input { [1i32, 2i32] 2i32 }
-- output { [1i32, 2i32] [10i32, 20i32] 2i32 }
entry main (xs: []i32) (n: i32) : ([]i32, []i32, i32) =
  loop (a, b, k) = (xs, map (* 10) xs, 0) for _i < n do (b, a, k + 1)
