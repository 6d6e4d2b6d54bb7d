-- A loop whose array parameter grows by one element per iteration.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 3i64, 7i64] }
-- input { 0i64 } output { [0i64] }
entry main (n: i64) : []i64 =
  loop xs = [0i64] for _i < n do xs ++ [xs[length xs - 1] * 2 + 1]
