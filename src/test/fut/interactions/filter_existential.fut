-- The existential size of a filter result flows through map and zip.
-- ==
-- input { [1i32, -2i32, 3i32, 0i32] } output { 2i64 [3i32, 9i32] }
-- input { [-1i32] } output { 0i64 empty([0]i32) }
entry main (xs: []i32) : (i64, []i32) =
  let ys = filter (> 0) xs
  let zs = map (* 2) ys
  in (length zs, zip ys zs |> map (\(a, b) -> a + b))
