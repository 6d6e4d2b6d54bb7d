-- if expressions returning arrays and tuples inside map.
-- ==
-- input { [3i32, -2i32, 0i32] }
-- output { [3i32, 2i32, 0i32] [true, false, false] }
entry main (xs: []i32) : ([]i32, []bool) =
  unzip (map (\x -> if x > 0 then (x, true) else (-x, false)) xs)
