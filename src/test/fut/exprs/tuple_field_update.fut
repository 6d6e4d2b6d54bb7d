-- `with` works on tuple fields named by position.
-- ==
-- input { 4i32 }
-- output { 100i32 1.5f64 9i32 }
entry main (x: i32) : (i32, f64, i32) =
  let t = (x, 1.5, x * 2)
  let t = t with 0 = 100
  let t = t with 2 = t.2 + 1
  in t
