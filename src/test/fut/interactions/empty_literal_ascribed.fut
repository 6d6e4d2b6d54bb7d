-- The empty array literal [] with a type ascription, concatenated and reduced.
-- ==
-- input { 3i32 } output { 3i32 [3i32] 0i64 }
entry main (x: i32) : (i32, []i32, i64) =
  let e = [] : [0]i32
  let ys = e ++ [x] ++ e
  in (i32.sum ys, ys, length (e ++ e))
