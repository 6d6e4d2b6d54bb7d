-- The empty record {} and unit, with record updates chained on several fields.
-- ==
-- input { 1i32 } output { 11i32 22i32 3i32 }
entry main (x: i32) : (i32, i32, i32) =
  let e = {}
  let r = {a = x, b = x * 2, c = x * 3, e}
  let r = r with a = r.a + 10 with b = r.b + 20
  in (r.a, r.b, r.c)
