-- Left sections whose operand is a binary operation binding at least as tightly as the operator,
-- or written in parentheses, are sections of the whole operand.
-- ==
-- input { 2 } output { 9 8 7 5 }

entry main (x: i32) =
  ((x * 2 +) 1 + 4, ((x + 2) *) 2, (x + 2 -) (-3), ((if x > 0 then x else 0) +) 3)
