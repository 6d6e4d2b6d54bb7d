-- A loop without an explicit initialiser starts from the variable in scope.
-- ==
-- input { 1i32 }
-- output { 27i32 }
entry main (x: i32) : i32 =
  let acc = x
  in loop acc for i < 4 do acc * 2 + i
