-- A point-free entry point built from composition.
-- ==
-- input { [1i64, 2i64] }
-- output { [4i64, 6i64] }
def inc (x: i64) = x + 1
entry main : []i64 -> []i64 = map inc >-> map (* 2)
