-- Structural equality on nested tuples and records.
-- ==
-- input { 1i32 2i32 }
-- output { true false }
-- input { 3i32 3i32 }
-- output { true true }
entry main (a: i32) (b: i32) : (bool, bool) =
  (((a, (b, true)) == (a, (b, true))), ({x = a, y = (b, a)} == {x = a, y = (a, b)}))
