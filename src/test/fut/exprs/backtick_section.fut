-- Backtick operators in sections.
-- ==
-- input { [1i32, 5i32, 20i32] }
-- output { [3i32, 5i32, 20i32] [1i32, 5i32, 10i32] }
entry main (xs: []i32) : ([]i32, []i32) = (map (`i32.max` 3) xs, map (10 `i32.min`) xs)
