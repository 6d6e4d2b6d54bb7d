-- A failure inside inlined functions names, after its own place, every call it was reached
-- through, innermost first, as the reference's backtraces do: a call's span runs from the
-- function to its last argument without that argument's parentheses. Calls of prelude functions
-- (map, foldl) are no frames, and a failure inside one (last) is placed at the program's call.
-- The interpreters' backtraces differ (they list every call), hence 'compiled'.
-- ==
-- entry: direct
-- input { [1, 2] 1 } output { 2 }
-- compiled input { [1, 2] 2 }
-- error: Index \[2\] out of bounds.*-> #0  [^ ]*fut:30:31-36.*#1  [^ ]*fut:31:36-48.*#2  [^ ]*fut:32:44-61

-- ==
-- entry: in_map
-- input { [1, 2, 3] 0 } output { [2, 3] }
-- compiled input { [1, 2] 1 }
-- error: #0  [^ ]*fut:30:31-36.*#1  [^ ]*fut:31:36-48.*#2  [^ ]*fut:33:56-73

-- ==
-- entry: in_fold
-- input { [1, 2, 3] 0 } output { [2, 3] }
-- compiled input { [1, 2] 1 }
-- error: #0  [^ ]*fut:30:31-36.*#1  [^ ]*fut:31:36-48.*#2  [^ ]*fut:34:66-83

-- ==
-- entry: of_last
-- input { [3, 4] } output { 5 }
-- compiled input { [-3, -4] }
-- error: Index \[-1\] out of bounds for array of shape \[0\].*#0  [^ ]*fut:35:25-32.*#1  [^ ]*fut:36:35-57

def at (xs: []i32) (i: i32) = xs[i]
def at_next (xs: []i32) (i: i32) = at xs (i + 1) -- the frame ends before ')'
entry direct (xs: []i32) (i: i32) : i32 = (at_next xs (i - 1))
entry in_map (xs: []i32) (i: i32) : []i32 = map (\j -> at_next xs (i + j)) (iota 2 |> map i32.i64)
entry in_fold (xs: []i32) (i: i32) : []i32 = [foldl (\a j -> a + at_next xs (i + j)) 0 [0], at_next xs (i + 1)]
def final (xs: []i32) = last xs + 1
entry of_last (xs: []i32) : i32 = final (filter (> 0) xs)
