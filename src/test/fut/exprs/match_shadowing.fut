-- Names bound by a pattern shadow outer names only inside their case.
-- ==
-- input { 0i32 7i32 }
-- output { 7i32 0i32 }
-- input { 2i32 7i32 }
-- output { 2i32 2i32 }
entry main (x: i32) (y: i32) : (i32, i32) =
  let r = match (y, x) case (x, 0) -> x case (_, _) -> x
  in (r, x)
