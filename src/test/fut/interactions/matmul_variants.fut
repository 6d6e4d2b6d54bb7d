-- Matrix product with transpose and nested map/reduce, and matrix-vector product with map2.
-- ==
-- input { [[1i32, 2i32], [3i32, 4i32]] [[5i32, 6i32], [7i32, 8i32]] [1i32, -1i32] }
-- output { [[19i32, 22i32], [43i32, 50i32]] [-1i32, -1i32] }
def dotp [n] (a: [n]i32) (b: [n]i32) : i32 = reduce (+) 0 (map2 (*) a b)
entry main [n] [m] [p] (a: [n][m]i32) (b: [m][p]i32) (v: [m]i32) : ([n][p]i32, [n]i32) =
  (map (\row -> map (dotp row) (transpose b)) a, map (\row -> dotp row v) a)
