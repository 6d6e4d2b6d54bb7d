-- reduce with a lambda and a neutral element from the numeric module.
-- ==
-- input { [3i32, -7i32, 12i32, 5i32] }
-- output { 12i32 -7i32 }
entry main (xs: []i32) : (i32, i32) =
  (reduce (\a b -> if a > b then a else b) i32.lowest xs, reduce i32.min i32.highest xs)
