-- A map that reads all of a scan's results, and nothing else, runs inside the scan (its post
-- map): at the top level (a parallel scan), inside a map (a scan per row), two maps in a row,
-- results read in another order, a scan whose results are also read elsewhere (not fused), empty
-- arrays, and a post map that fails.
-- ==
-- entry: top
-- input { [1i32, 2i32, 3i32, 4i32, 5i32] } output { [2i32, 9i32, 24i32, 50i32, 90i32] [0i32, 1i32, 3i32, 6i32, 10i32] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: rows
-- input { [[1f32, 2f32, 4f32], [2f32, 2f32, 2f32]] 3f32 }
-- output { [[2.5f32, 3.25f32, 5.625f32], [3.5f32, 3.75f32, 3.875f32]] }
-- input { empty([0][3]f32) 1f32 } output { empty([0][3]f32) }
-- input { empty([2][0]f32) 1f32 } output { [empty([0]f32), empty([0]f32)] }

-- ==
-- entry: big
-- input { 1000000i64 } output { 1999998i64 }

-- ==
-- entry: chain
-- input { 6i64 } output { [0i64, 1i64, 1i64, 0i64, 0i64, 1i64] }

-- ==
-- entry: shared
-- input { [3i64, 1i64, 2i64] } output { [3i64, 4i64, 6i64] [6i64, 8i64, 12i64] }

-- ==
-- entry: failing
-- input { [1i32, 1i32, 1i32] } output { [30i32, 20i32, 10i32] }
-- input { [1i32, 1i32, -2i32] } error: Index \[3\] out of bounds for array of shape \[3\]

-- Pairs scanned, then a product and the sum (in the other order than the scan's).
entry top (xs: []i32) : ([]i32, []i32) =
  let (a, b) = unzip (scan (\(a0, b0) (a1, b1) -> (a0 + a1, b0 + b1)) (0, 0) (map (\x -> (x, 1)) xs))
  in unzip (map2 (\y x -> (x * (y + 1), x - y)) b a)

-- A first-order linear recurrence per row (the tridiagonal solvers' scans of linear functions).
entry rows [n][m] (xss: [n][m]f32) (y0: f32) : [n][m]f32 =
  map (\xs ->
         let fs = scan (\(a0, a1) (b0, b1) -> (b0 + b1 * a0, a1 * b1)) (0, 1) (map (\x -> (x, 0.5)) xs)
         in map (\(a, b) -> a + b * y0) fs)
      xss

-- Long enough for the scan to run in parallel, in chunks.
entry big (n: i64) : i64 =
  i64.sum (map (\x -> x % 7) (scan (+) 0 (iota n)))

-- Two maps after the scan: both run inside it.
entry chain (n: i64) : []i64 =
  let s = scan (+) 0 (iota n)
  let t = map (\x -> x * 3) s
  in map (\x -> x % 2) t

-- The scan's results are also read by the second map: both maps read the stored scan.
entry shared (xs: []i64) : ([]i64, []i64) =
  let s = scan (+) 0 xs
  in (s, map (* 2) s)

-- The post map indexes an array with the scanned value.
entry failing (ks: []i32) : []i32 =
  let table = [10, 20, 30]
  in map (\k -> table[3 - k]) (scan (+) 0 ks)
