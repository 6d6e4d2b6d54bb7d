-- Let-bound expressions are pure: reordering independent bindings does not change results.
-- ==
-- input { 5i32 }
-- output { 80i32 80i32 }
entry main (x: i32) : (i32, i32) =
  let a = x * 2
  let b = x + 3
  let c = b * a
  let d = a * b
  in (c, d)
