-- The last argument of an application may be a lambda without parentheses; its body extends as far
-- as a lambda's does (here past an if, a binary operator and another such application).
-- ==
-- input { 3i64 } output { [0i64, 2i64, 4i64] [[0i64, 1i64], [1i64, 2i64]] [7i64, 1i64, 2i64] 11i64 [1i64, 2i64] }
def twice (f: i64 -> i64) (x: i64) = f (f x)
def app (x: i64) (f: i64 -> i64) = f x
entry main (n: i64) =
  let a = tabulate n \i -> i * 2
  let b = tabulate 2 \i -> tabulate 2 \j -> i + j
  let c = tabulate n \i -> if i > 0 then i else 7
  let d = twice (\x -> x + 1) 1 + app 5 \x -> x + 3
  let e = map (+ 1) <| tabulate 2 \i -> i
  in (a, b, c, d, e)
