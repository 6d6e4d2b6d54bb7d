-- A local polymorphic function used at two types.
-- ==
-- input { 1i32 2.5f64 }
-- output { 1i32 1i32 2.5f64 2.5f64 }
entry main (x: i32) (y: f64) : (i32, i32, f64, f64) =
  let dup 't (v: t) = (v, v)
  let (a, b) = dup x
  let (c, d) = dup y
  in (a, b, c, d)
