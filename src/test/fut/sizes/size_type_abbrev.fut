-- A size-parameterised type abbreviation used in an entry signature.
-- ==
-- input { 2i64 }
-- output { [[1.0f64, 0.0f64], [0.0f64, 1.0f64]] }
type matrix [r][c] = [r][c]f64
def identity (n: i64) : matrix [n][n] = tabulate_2d n n (\i j -> if i == j then 1 else 0)
entry main (n: i64) : [][]f64 = identity n
