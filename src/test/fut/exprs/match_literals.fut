-- match on integer literals, negative literals and a wildcard.
-- ==
-- input { [0i32, -1i32, 7i32, 5i32] }
-- output { [100i32, 200i32, 300i32, 5i32] }
entry main (xs: []i32) : []i32 =
  map (\x -> match x
              case 0 -> 100
              case -1 -> 200
              case 7 -> 300
              case _ -> x) xs
