-- 2-D in, 1-D out.
-- ==
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [6i64, 15i64] }
entry f (xss: [][]i64) : []i64 = map i64.sum xss
