-- Nested tuples and projections.
-- ==
-- input { 2i32 }
-- output { 6i32 }
entry main (x: i32) : i32 =
  let t = ((x, x + 1), x + 2)
  in t.0.1 + t.0.0 + (t.1 - x - 1)
