-- map over an empty array producing rows of 2 gives shape [0][2].
-- ==
-- input { empty([0]i32) }
-- output { empty([0][2]i32) }
entry main (xs: []i32) : [][]i32 = map (\x -> [x, x]) xs
