-- Stream compaction by hand: flags, an exclusive scan of offsets, and scatter of the kept elements.
-- ==
-- input { [3i32, -1i32, 4i32, -5i32, 9i32] } output { [3i32, 4i32, 9i32] 3i64 }
-- input { [-1i32] } output { empty([0]i32) 0i64 }
entry main [n] (xs: [n]i32) : ([]i32, i64) =
  let flags = map (\x -> if x > 0 then 1i64 else 0) xs
  let offs = scan (+) 0 flags
  let m = if n == 0 then 0 else offs[n - 1]
  let is = map2 (\f o -> if f == 1 then o - 1 else -1) flags offs
  in (scatter (replicate m 0) is xs, m)
