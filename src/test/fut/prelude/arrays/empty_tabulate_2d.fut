-- tabulate_2d 0 n gives shape [0][n].
-- ==
-- input { 3i64 }
-- output { empty([0][3]i64) }
entry main (n: i64) : [][]i64 = tabulate_2d 0 n (\i j -> i + j)
