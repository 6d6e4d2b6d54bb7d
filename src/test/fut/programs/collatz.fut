-- Collatz sequence lengths of 1..n by a while loop on a pair inside a map, the longest by an argmax reduce.
-- ==
-- input { 30000i64 }
-- output { 307i32 26623i64 2864311i64 }
-- input { 1i64 }
-- output { 0i32 1i64 0i64 }
-- input { 10i64 }
-- output { 19i32 9i64 67i64 }
def collatz (x: i64) : i32 =
  let (_, c) = loop (x, c) = (x, 0) while x != 1 do
                 (if x % 2 == 0 then x / 2 else 3 * x + 1, c + 1)
  in c

entry main (n: i64) : (i32, i64, i64) =
  let ls = map (\i -> collatz (i + 1)) (iota n)
  let (best, arg) = reduce (\(a, i) (b, j) -> if b > a || (b == a && j < i) then (b, j) else (a, i))
                           (0, 0) (zip ls (iota n))
  in (best, arg + 1, i64.sum (map i64.i32 ls))
