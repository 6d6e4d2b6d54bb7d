-- A record may hold a function in a field, applied after projection.
-- ==
-- input { 2i32 }
-- output { 10i32 }
entry main (x: i32) : i32 =
  let r = {f = (* 3), k = 4}
  in r.f x + r.k
