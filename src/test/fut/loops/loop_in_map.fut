-- A sequential loop inside a parallel map: integer powers.
-- ==
-- input { [1i64, 2i64, 3i64] 4i32 }
-- output { [1i64, 16i64, 81i64] }
entry main (xs: []i64) (k: i32) : []i64 =
  map (\x -> loop p = 1i64 for _i < k do p * x) xs
