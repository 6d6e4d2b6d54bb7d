-- Two recursive calls per call (naive Fibonacci), and a recursive function returning a pair (the
-- fast doubling method): results of several values come back through one call.
-- ==
-- input { 0 } output { 0i64 0i64 }
-- input { 1 } output { 1i64 1i64 }
-- input { 20 } output { 6765i64 6765i64 }
-- input { 25 } output { 75025i64 75025i64 }
def fib (n: i32) : i64 = if n < 2 then i64.i32 n else fib (n - 1) + fib (n - 2)

-- (F(n), F(n+1)).
def fibs (n: i32) : (i64, i64) =
  if n == 0 then (0, 1)
  else let (a, b) = fibs (n / 2)
       let c = a * (2 * b - a)
       let d = a * a + b * b
       in if n % 2 == 0 then (c, d) else (d, c + d)

entry main (n: i32) : (i64, i64) = (fib n, (fibs n).0)
