-- Sections of module-qualified operators: (M.op e) is \x -> x M.op e, (e M.op) is \y -> e M.op y,
-- and (M.op) the operator as a function, as for unqualified operators.
module m = { def (<->) (a: i32) (b: i32) : i32 = a * 10 + b }

entry main (x: i32) =
  ( map (i32.- 1) [x]
  , map (1 i32.-) [x]
  , map2 (i32.-) [x] [1]
  , map (m.<-> 2) [x]
  , map (2 m.<->) [x]
  , reduce (i32.+) 0 [x, x]
  )
-- ==
-- input { 5 } output { [4] [-4] [4] [52] [25] 10 }
