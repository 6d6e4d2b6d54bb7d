-- Applying a function to itself would need a type that contains itself (E0228).
-- ==
-- error: Occurs check
entry main (x: i32) : i32 =
  let g = \h -> h h
  in x
