-- reverse of a one-dimensional array is a map reading it backwards: at the top level, as the row
-- a map returns, read by another map, of an empty array, of tuples and twice; a two-dimensional
-- reverse reverses its rows.
-- ==
-- entry: top
-- input { [1i32, 2i32, 3i32] } output { [3i32, 2i32, 1i32] [9i32, 4i32, 1i32] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: rows
-- input { [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] }
-- output { [[2f32, 1f32], [4f32, 3f32], [6f32, 5f32]] [[5f32, 6f32], [3f32, 4f32], [1f32, 2f32]] }
-- input { empty([0][2]f32) } output { empty([0][2]f32) empty([0][2]f32) }
-- input { [empty([0]f32)] } output { [empty([0]f32)] [empty([0]f32)] }

-- ==
-- entry: pairs
-- input { [1i64, 2i64, 3i64, 4i64] [true, false, false, true] }
-- output { [4i64, 3i64, 2i64, 1i64] [true, false, false, true] [1i64, 2i64, 3i64, 4i64] }

-- ==
-- entry: scanned
-- input { 5i64 } output { [10i64, 6i64, 3i64, 1i64, 0i64] }

entry top (xs: []i32) : ([]i32, []i32) =
  (reverse xs, map (\x -> x * x) (reverse xs))

entry rows [n][m] (xss: [n][m]f32) : ([n][m]f32, [n][m]f32) =
  (map reverse xss, reverse xss)

entry pairs (xs: []i64) (bs: []bool) : ([]i64, []bool, []i64) =
  let (ys, cs) = unzip (reverse (zip xs bs))
  in (ys, cs, reverse ys)

entry scanned (n: i64) : []i64 =
  reverse (scan (+) 0 (iota n))
