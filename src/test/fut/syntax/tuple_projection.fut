-- Tuples are records with numeric fields: t.0, t.1 and nested access.
-- ==
-- input { 4i32 }
-- output { 4i32 2.5f64 8i32 }
entry main (x: i32) : (i32, f64, i32) =
  let t = (x, (2.5, x * 2))
  in (t.0, t.1.0, t.1.1)
