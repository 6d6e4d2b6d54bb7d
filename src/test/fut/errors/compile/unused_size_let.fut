-- A size bound in a let pattern must be used (Size n unused in pattern).
-- ==
-- error: unused in pattern
entry main (x: i32) : i32 = let [n] (y: i32) = x in y
