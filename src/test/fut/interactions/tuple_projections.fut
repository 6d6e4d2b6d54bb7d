-- Chained tuple projections on nested tuples.
-- ==
-- input { 2i32 } output { 3i32 6i32 8i32 4i32 }
entry main (x: i32) : (i32, i32, i32, i32) =
  let t = ((x, x + 1), (x * 2, (x * 3, x * 4)))
  in (t.0.1, t.1.1.0, (t.1).1.1, (t.1.0))
