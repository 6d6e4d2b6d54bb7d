-- Row sums of doubled elements: the inner map is fused into the inner reduction, which stays
-- inside the outer map's lambda (one map at the top, one reduction in it, no inner map).
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [6, 14, 22] }
-- structure { /Map 1 /Map/Reduce 1 Map/Map 0 Reduce 1 }
entry main (xss: [][]i32) : []i32 = map (\row -> i32.sum (map (* 2) row)) xss
