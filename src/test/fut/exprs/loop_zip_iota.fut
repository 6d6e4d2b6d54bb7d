-- for (i, x) in zip (iota n) xs binds an index and an element per iteration.
-- ==
-- input { [5i32, 6i32, 7i32] }
-- output { 20i64 }
entry main [n] (xs: [n]i32) : i64 =
  loop acc = 0 for (i, x) in zip (iota n) xs do acc + i * i64.i32 x
