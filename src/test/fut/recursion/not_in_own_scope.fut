-- Only a definition with parameters is in scope of its own body: a constant, or a function written
-- as a lambda, is not (and a local function never is).
-- ==
-- error: Unknown name "count"
def count = \(n: i64) -> if n == 0 then 0 else 1 + count (n - 1)
entry main (n: i64) : i64 = count n
