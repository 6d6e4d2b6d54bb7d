-- A let-bound size (m = n * 2) used in a result's type stands for its definition when it goes out
-- of scope, so the declared result type [n * 2] holds.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] }
entry main (n: i64) : [n * 2]i64 =
  let m = n * 2
  in iota m
