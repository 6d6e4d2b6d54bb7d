-- for-in loops over a zipped array with a tuple pattern, and over rows of a matrix.
-- ==
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] [[1i32, 2i32], [3i32, 4i32]] } output { 32i32 [4i32, 6i32] }
entry main [n] (xs: [n]i32) (ys: [n]i32) (m: [][2]i32) : (i32, [2]i32) =
  let dot = loop acc = 0 for (x, y) in zip xs ys do acc + x * y
  let cs = loop acc = [0, 0] for row in m do map2 (+) acc row
  in (dot, cs)
