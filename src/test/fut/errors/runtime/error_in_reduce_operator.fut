-- Division by zero inside a reduce operator over a large array is reported.
-- ==
-- input { 100000i64 0i64 }
-- error: [Dd]ivision by zero
entry main (n: i64) (z: i64) : i64 =
  reduce (\a b -> (a + b) / (if a == 5000 then z else 1)) 0 (map (const 1) (iota n))
