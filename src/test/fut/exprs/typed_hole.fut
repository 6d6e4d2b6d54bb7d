-- Evaluating a typed hole ??? is a run-time error; unevaluated holes are fine.
-- ==
-- input { 3i32 }
-- output { 3i32 }
-- input { -1i32 }
-- error: .
entry main (x: i32) : i32 = if x > 0 then x else ???
