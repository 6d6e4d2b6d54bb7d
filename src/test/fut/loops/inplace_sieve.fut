-- Sieve of Eratosthenes with in-place updates in nested loops.
-- ==
-- input { 30i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
entry main (n: i64) : []i64 =
  let is_prime = replicate (n + 1) true
  let is_prime = is_prime with [0] = false
  let is_prime = is_prime with [1] = false
  let is_prime =
    loop is_prime for i < n + 1 do
      if i < 2 || !is_prime[i] || i * i > n then is_prime
      else loop is_prime for j < (n - i * i) / i + 1 do is_prime with [i * i + j * i] = false
  in filter (\i -> is_prime[i]) (iota (n + 1))
