-- A record with numeric field names is a tuple.
-- ==
-- input { 1i32 }
-- output { 2i32 true }
entry main (x: i32) : (i32, bool) =
  let r: (i32, bool) = {0 = x + 1, 1 = true}
  in (r.0, r.1)
