-- Comments between arguments, inside tuples, after operators and before `in`.
-- ==
-- input { 4i32 } output { 9i32 16i32 }
entry main (x: i32) -- the parameter
  : (i32, i32) = -- the result type
  let y = x + -- a comment after an operator
          5 -- and one after the operand
  -- a comment line inside the let chain
  in ( y -- first
     , x * -- second
       x
     )
