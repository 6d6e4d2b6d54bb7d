-- The same computations in an order where each size is computed before it is needed: a pipeline
-- evaluates its argument first, a let binds the size-producing expression beforehand.
def apply_to [n] (f: [n]i32 -> i64) (xs: [n]i32) : i64 = f xs

entry main (xs: []i32) : (i64, []i32, i64) =
  let ys = filter (> 0) xs
  let r = loop (acc: []i64, i) = ([], 0) for j < 3 do (acc ++ [j], i + 1)
  in (filter (> 0) xs |> apply_to (\zs -> length zs), flatten (map (ys ++) [xs]), length r.0)
-- ==
-- input { [1, -2, 3] } output { 2i64 [1, 3, 1, -2, 3] 3i64 }
