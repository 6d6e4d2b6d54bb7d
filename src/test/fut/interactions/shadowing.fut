-- Shadowing through let, tuple patterns, a loop parameter and a lambda parameter.
-- ==
-- input { 1i32 } output { 7i32 [8i32, 9i32] }
entry main (x: i32) : (i32, []i32) =
  let x = x + 1
  let (x, y) = (x * 2, x)
  let x = loop x for i < 3 do x + y - 1
  let xs = map (\x -> x + 1) [x, x + 1]
  in (x, xs)
