-- Consecutive let bindings without in, shadowing earlier names.
-- ==
-- input { 3i32 }
-- output { 13i32 }
entry main (x: i32) : i32 =
  let y = x + 1
  let y = y * 2
  let x = y - x
  in x + y
