-- A function may call itself: a top-level definition with parameters is in scope of its own body.
-- ==
-- input { 5 } output { 120 15 }
-- input { 0 } output { 1 0 }
-- input { 12 } output { 479001600 78 }
def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)
def sum (xs: []i32) = if length xs == 0 then 0 else xs[0] + sum (drop 1 xs)
entry main (n: i32) : (i32, i32) = (fact n, sum (map (+ 1) (0..<n)))
