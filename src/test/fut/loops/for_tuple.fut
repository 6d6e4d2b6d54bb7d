-- for loop with a tuple parameter: Fibonacci.
-- ==
-- input { 10i32 }
-- output { 55i64 }
-- input { 1i32 }
-- output { 1i64 }
entry main (n: i32) : i64 =
  let (a, _) = loop (a, b) = (0i64, 1i64) for _i < n do (b, a + b)
  in a
