-- let bindings with type ascriptions on patterns and wildcards.
-- ==
-- input { 3i32 } output { 11i32 }
entry main (x: i32) : i32 =
  let (a: i32, _) = (x, true)
  let _ = a + 1
  let b: i64 = 5
  let (_, _, c) : (i32, f32, i32) = (1, 2, a)
  in a + i32.i64 b + c
