-- scatter, hist and reduce_by_index with no updates leave the destination unchanged.
-- ==
-- input { empty([0]i64) empty([0]i32) }
-- output { [1i32, 2i32, 3i32] [0i32, 0i32] [5i32, 5i32, 5i32] }
-- input { [1i64] [9i32] }
-- output { [1i32, 9i32, 3i32] [0i32, 9i32] [5i32, 9i32, 5i32] }
entry main [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32, []i32) =
  (scatter [1, 2, 3] is vs, hist (+) 0 2 is vs, reduce_by_index (replicate 3 5) i32.max i32.lowest is vs)
