-- reduce_by_index with a tuple operator (sum and maximum at once).
-- ==
-- input { [0i64, 2i64, 0i64, 5i64, 2i64] [3i32, -4i32, 7i32, 9i32, 1i32] }
-- output { [10i32, 0i32, -3i32] [7i32, -2147483648i32, 1i32] }
entry main [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32) =
  let dest = replicate 3 (0i32, i32.lowest)
  let op (a1: i32, b1: i32) (a2: i32, b2: i32) = (a1 + a2, i32.max b1 b2)
  in unzip (reduce_by_index dest op (0, i32.lowest) is (zip vs vs))
