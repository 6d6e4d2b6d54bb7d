-- Arguments whose sizes the entry point's type makes equal (here inferred from map2) are checked
-- before the call, as the reference does.
-- ==
-- entry: dot
-- input { [1.0f64, 2.0f64] [3.0f64, 4.0f64] }
-- output { 11.0f64 }
-- input { [1.0f64, 2.0f64] [3.0f64] }
-- error: Error: entry point arguments have invalid sizes
-- input { empty([0]f64) empty([0]f64) }
-- output { 0.0f64 }

-- ==
-- entry: third
-- input { [1i32, 2i32, 3i32] }
-- output { 3i32 }
-- input { [1i32, 2i32] }
-- error: entry point arguments have invalid sizes
-- input { [1i32, 2i32, 3i32, 4i32] }
-- error: entry point arguments have invalid sizes

-- ==
-- entry: rows
-- input { [[1i32, 2i32], [3i32, 4i32]] [10i32, 20i32] }
-- output { [[11i32, 22i32], [13i32, 24i32]] }
-- input { [[1i32, 2i32], [3i32, 4i32]] [10i32, 20i32, 30i32] }
-- error: entry point arguments have invalid sizes

entry dot (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)

entry third (xs: [3]i32) : i32 = xs[2]

entry rows [n][m] (xss: [n][m]i32) (v: [m]i32) : [n][m]i32 = map (\xs -> map2 (+) xs v) xss
