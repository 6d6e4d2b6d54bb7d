-- match on an integer (with %, which rounds towards negative infinity) inside map.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, -1i32] }
-- output { [0i32, -1i32, 100i32, 3i32, -4i32, 100i32] }
entry main (xs: []i32) : []i32 =
  map (\x -> match x % 3
             case 0 -> x
             case 1 -> -x
             case _ -> 100) xs
