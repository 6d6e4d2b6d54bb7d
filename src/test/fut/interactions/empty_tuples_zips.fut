-- Empty arrays through zip3/unzip3, map2/map3, scan with a tuple operator and filter on tuples.
-- ==
-- input { empty([0]i32) empty([0]f32) }
-- output { empty([0]i32) empty([0]f32) empty([0]i32) empty([0]i32) empty([0]f32) empty([0]i32) 0i64 }
-- input { [1i32, 2i32] [0.5f32, 1.5f32] }
-- output { [1i32, 2i32] [0.5f32, 1.5f32] [2i32, 4i32] [1i32, 3i32] [0.5f32, 2.0f32] [2i32] 1i64 }
entry main [n] (xs: [n]i32) (ys: [n]f32) : ([n]i32, [n]f32, [n]i32, [n]i32, [n]f32, []i32, i64) =
  let (a, b, _) = unzip3 (zip3 xs ys (map (> 1) xs))
  let (s1, s2) = unzip (scan (\(p, q) (r, t) -> (p + r, q + t)) (0, 0) (zip xs ys))
  let kept = filter (\(_, y) -> y > 1) (zip xs ys)
  in (a, b, map2 (+) xs xs, s1, s2, (unzip kept).0, length kept)
