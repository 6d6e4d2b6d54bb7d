-- Division by zero inside a reduce operator over a large array is reported. The divisor is zero
-- exactly where the operator's result would be the total, which the last application of the
-- operator computes in any order of evaluation (the parts of threads, or of a device's work-items).
-- ==
-- input { 100000i64 0i64 }
-- error: [Dd]ivision by zero
entry main (n: i64) (z: i64) : i64 =
  reduce (\a b -> (a + b) / (if a + b == n then z else 1)) 0 (map (const 1) (iota n))
