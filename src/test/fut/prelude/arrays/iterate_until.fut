-- iterate_until applies a function until a predicate holds.
-- ==
-- input { 3i32 }
-- output { 81i32 }
-- input { 100i32 }
-- output { 100i32 }
entry main (x: i32) : i32 = iterate_until (> 50) (\v -> v * v) x
