-- A scan whose operator adds 3-vectors (arrays) over 20000 rows, and a reduce with a tuple-of-arrays operator; picked prefixes and the maxima per component.
-- ==
-- input { 20000i64 }
-- output { [[-8i64, -7i64, -6i64], [-13i64, -11i64, -9i64], [-15i64, -12i64, -9i64], [-14i64, -10i64, -6i64], [-14i64, -6i64, -15i64]] [0i64, 3i64, 0i64] [-15i64, -12i64, -15i64] }
entry main (n: i64) : ([][3]i64, [3]i64, [3]i64) =
  let rows = tabulate_2d n 3 (\i d -> (i * 3 + d) % 17 - 8)
  let pre = scan (map2 (+)) (replicate 3 0) rows
  let (mx, mn) = reduce (\(a1, b1) (a2, b2) -> (map2 i64.max a1 a2, map2 i64.min b1 b2))
                        (replicate 3 i64.lowest, replicate 3 i64.highest)
                        (zip pre pre)
  in (map (\i -> pre[i]) [0, 1, 2, 9999, n - 1], mx, mn)
