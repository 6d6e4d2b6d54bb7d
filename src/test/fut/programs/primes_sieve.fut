-- Sieve of Eratosthenes with in-place updates in a while loop nested in a for loop, then filter.
-- ==
-- entry: main
-- input { 30i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 1i64 }
-- output { empty([0]i64) }

-- ==
-- entry: count
-- input { 100000i64 }
-- output { 9592i64 454396537i64 99991i64 }
def sieve (n: i64) : []i64 =
  let is = replicate (n + 1) true
  let is[0] = false
  let is[1] = false
  let is = loop is for i in 2..<(n + 1) do
             if i * i > n || !is[i] then is
             else let (is, _) = loop (is, j) = (is, i * i) while j <= n do
                                  (is with [j] = false, j + i)
                  in is
  in filter (\i -> is[i]) (iota (n + 1))

entry main (n: i64) : []i64 = sieve n

entry count (n: i64) : (i64, i64, i64) =
  let ps = sieve n
  let k = length ps
  in (k, i64.sum ps, ps[k - 1])
