-- hist, reduce_by_index and scatter with no indices return their initial arrays.
-- ==
-- input { empty([0]i64) empty([0]i32) }
-- output { [0i32, 0i32, 0i32] [5i32, 5i32] [9i32, 9i32] }
entry main [k] (is: [k]i64) (vs: [k]i32) : ([]i32, []i32, []i32) =
  (hist (+) 0 3 is vs, reduce_by_index (replicate 2 5) (+) 0 is vs, scatter (replicate 2 9) is vs)
