-- In-place updates on a loop parameter (a histogram by hand).
-- ==
-- input { [0i64, 2i64, 2i64, 1i64, 2i64] 3i64 }
-- output { [1i32, 1i32, 3i32] }
entry main (xs: []i64) (k: i64) : []i32 =
  loop h = replicate k 0 for x in xs do h with [x] = h[x] + 1
