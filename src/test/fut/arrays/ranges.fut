-- Range expressions.
-- ==
-- input { 5i64 }
-- output { [1i64, 2i64, 3i64, 4i64, 5i64] [0i64, 1i64, 2i64, 3i64, 4i64] [0i64, 2i64, 4i64] [5i64, 4i64, 3i64, 2i64, 1i64] }
entry main (n: i64) : ([]i64, []i64, []i64, []i64) =
  (1...n, 0..<n, 0..2...n, n..>0)
