-- Local function definitions with let, capturing free variables, and recursion-free helpers.
-- ==
-- input { 3i32 [1i32, 2i32] }
-- output { [6i32, 9i32] }
entry main (k: i32) (xs: []i32) : []i32 =
  let scale (x: i32) = x * k
  let add_then_scale a b = scale (a + b)
  in map (add_then_scale 1) xs
