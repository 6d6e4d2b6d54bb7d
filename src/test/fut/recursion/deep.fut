-- Calls of functions nest at most 10000 deep (docs/language.md): deeper recursion is an error, also
-- inside a parallel map, and never a crash. Moderately deep recursion runs.
-- ==
-- input { 5000i64 } output { 5000i64 }
-- input { 10001i64 } error: Recursion too deep
-- input { 100000000i64 } error: Recursion too deep

def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)

entry main (n: i64) : i64 = count n

-- ==
-- entry: in_map
-- input { [3i64, 4i64] } output { [3i64, 4i64] }
-- input { [10i64, 1000000i64, 5i64] } error: Recursion too deep
entry in_map (ns: []i64) : []i64 = map count ns
