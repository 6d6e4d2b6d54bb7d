-- A failed assertion inside a scan operator over a large array is reported.
-- ==
-- input { 100000i64 1000000i64 }
-- output { 100000i64 }
-- input { 100000i64 50000i64 }
-- error: Assertion is false
entry main (n: i64) (limit: i64) : i64 =
  let s = scan (\a b -> assert (a + b <= limit) (a + b)) 0 (map (const 1) (iota n))
  in s[n - 1]
