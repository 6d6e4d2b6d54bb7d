-- Recursive functions called for each element of a map over many elements (the parallel path of
-- the multicore backend: calls run on several threads at once) and as a reduction's operator.
-- ==
-- input { 10i64 } output { 61i64 [0i64, 0i64, 1i64, 7i64, 2i64, 5i64, 8i64, 16i64, 3i64, 19i64] 45i64 6i64 }
-- random input { 100000i64 } output { 10753712i64 [0i64, 0i64, 1i64, 7i64, 2i64, 5i64, 8i64, 16i64, 3i64, 19i64] 2250000i64 6i64 }

-- Steps of the Collatz sequence from n to 1.
def collatz (n: i64) : i64 = if n <= 1 then 0 else 1 + collatz (if n % 2 == 0 then n / 2 else 3 * n + 1)

-- The sum of the digits of n in base 10.
def digits (n: i64) : i64 = if n < 10 then n else n % 10 + digits (n / 10)

def gcd (a: i64) (b: i64) : i64 = if b == 0 then i64.abs a else gcd b (a % b)

entry main (n: i64) : (i64, []i64, i64, i64) =
  let steps = map collatz (iota n)
  let first = map (\i -> if i < n then steps[i] else 0) (iota 10)
  in (reduce (+) 0 steps, first, reduce (+) 0 (map digits (iota n)), reduce gcd 0 (map (\i -> (i + 1) * 6) (iota n)))
