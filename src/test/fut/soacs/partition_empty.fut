-- partition and partition2 of empty arrays (also of rows and records) give empty parts.
-- ==
-- input { empty([0]i32) empty([0][2]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0][2]i32) empty([0][2]i32) [0i64, 0i64, 0i64, 0i64] }
entry main (xs: []i32) (xss: [][]i32) : ([]i32, []i32, []i32, [][]i32, [][]i32, []i64) =
  let (a, b, c) = partition2 (< 0) (> 10) xs
  let (d, e) = partition (\r -> r[0] > 0) xss
  let (_, sizes) = intrinsics.partition 4 (\x -> i64.i32 x) xs
  in (a, b, c, d, e, sizes)
