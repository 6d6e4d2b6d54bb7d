-- The inner size of an empty array built by map is known inside the program (a scalar result).
-- ==
-- input { 5i64 }
-- output { 3i64 }
entry main (k: i64) : i64 =
  let e = map (\x -> [x, x, x]) (map i32.i64 (replicate 0 k))
  in length (transpose e)
