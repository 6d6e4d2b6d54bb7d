-- Segmented sum and max: segment ids from a scan over flags, then reduce_by_index.
-- ==
-- input { [true, false, true, false, false, true, true, false] [1.5f64, 2.5f64, -1.0f64, 4.0f64, 0.5f64, 9.0f64, -3.0f64, -2.0f64] }
-- output { [4.0f64, 3.5f64, 9.0f64, -5.0f64] [2.5f64, 4.0f64, 9.0f64, -2.0f64] }
entry main [n] (flags: [n]bool) (xs: [n]f64) : ([]f64, []f64) =
  let seg = map (\f -> if f then 1i64 else 0) flags |> scan (+) 0 |> map (\s -> s - 1)
  let nseg = if n == 0 then 0 else seg[n - 1] + 1
  let sums = reduce_by_index (replicate nseg 0) (+) 0 seg xs
  let maxs = reduce_by_index (replicate nseg f64.lowest) f64.max f64.lowest seg xs
  in (sums, maxs)
