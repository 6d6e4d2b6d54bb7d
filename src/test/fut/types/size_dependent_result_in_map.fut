-- A function whose result size is its argument, used inside map with a constant size.
-- ==
-- input { [1i32, 2i32] }
-- output { [[1i32, 1i32, 1i32], [2i32, 2i32, 2i32]] }
def row (n: i64) (v: i32) : [n]i32 = replicate n v
entry main (vs: []i32) : [][]i32 = map (row 3) vs
