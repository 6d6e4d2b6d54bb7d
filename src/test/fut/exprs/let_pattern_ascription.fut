-- Type ascriptions and wildcards inside let patterns.
-- ==
-- input { 1i32 }
-- output { 2i32 5.0f64 }
entry main (x: i32) : (i32, f64) =
  let (a: i32, _, b: f64) = (x + 1, true, 2.5)
  let (_, c) = (a, b * 2)
  in (a, c)
