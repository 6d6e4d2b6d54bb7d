-- A pipe section's operand may use any name, including those the section's lambda would use.
-- ==
-- input { 3 } output { 7 8 }
entry main (x: i32) : (i32, i32) =
  let y' = 4
  let x' = 5
  in ((y' + x |>) (\a -> a), (|> (\a -> a + x')) x)
