-- concat and ++ join arrays, including empty ones and 2-d rows.
-- ==
-- input { [1i32, 2i32] [3i32] }
-- output { [1i32, 2i32, 3i32] [1i32, 2i32, 3i32, 1i32, 2i32] [[1i32, 2i32], [1i32, 2i32]] }
entry main (a: []i32) (b: []i32) : ([]i32, []i32, [][]i32) = (concat a b, a ++ [] ++ b ++ a, [a] ++ [a])
