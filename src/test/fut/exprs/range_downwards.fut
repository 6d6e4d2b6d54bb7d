-- x..>y counts down with stride -1; x..y..>z with stride y-x.
-- ==
-- input { 7i64 }
-- output { [7i64, 6i64, 5i64, 4i64, 3i64, 2i64, 1i64] [7i64, 4i64, 1i64] }
entry main (n: i64) : ([]i64, []i64) =
  (n..>0, n..n-3..>0)
