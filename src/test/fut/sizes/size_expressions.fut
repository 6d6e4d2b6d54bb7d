-- Sizes computed from expressions: iota (n+1) and replicate with arithmetic sizes.
-- ==
-- input { 2i64 }
-- output { [0i64, 1i64, 2i64] [[0i32, 0i32]] 4i64 }
entry main (n: i64) : ([]i64, [][]i32, i64) =
  let a = iota (n + 1)
  let b = replicate (n * 2) (replicate 2 0i32)
  in (a, b[:1], length b)
