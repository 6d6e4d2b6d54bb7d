-- x..<y and x..y..<z exclude the end point.
-- ==
-- input { 10i64 }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64] [0i64, 3i64, 6i64, 9i64] [1i32, 2i32, 3i32] }
-- input { 0i64 }
-- output { empty([0]i64) empty([0]i64) [1i32, 2i32, 3i32] }
entry main (n: i64) : ([]i64, []i64, []i32) =
  (0..<n, 0..3..<n, 1i32..<4i32)
