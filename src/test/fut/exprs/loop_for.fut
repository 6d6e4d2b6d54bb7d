-- for i < n loops with a tuple accumulator pattern (Fibonacci).
-- ==
-- input { 10i32 }
-- output { 55i64 }
-- input { 0i32 }
-- output { 0i64 }
-- input { 50i32 }
-- output { 12586269025i64 }
entry main (n: i32) : i64 =
  let (a, _) = loop (a, b) = (0i64, 1i64) for i < n do (b, a + b)
  in a
