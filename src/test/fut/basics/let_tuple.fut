-- let with tuple patterns and tuple results (several outputs).
-- ==
-- input { 7i32 3i32 }
-- output { 10i32 4i32 21i32 }
entry main (a: i32) (b: i32) : (i32, i32, i32) =
  let (s, d) = (a + b, a - b)
  let p = a * b
  in (s, d, p)
