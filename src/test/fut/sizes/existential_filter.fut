-- filter returns an array of existential size that can be used afterwards.
-- ==
-- input { [1i32, -2i32, 3i32] }
-- output { 2i64 [2i32, 6i32] }
-- input { [-1i32] }
-- output { 0i64 empty([0]i32) }
entry main (xs: []i32) : (i64, []i32) =
  let ys = filter (> 0) xs
  in (length ys, map (* 2) ys)
