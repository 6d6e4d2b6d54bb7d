-- A flat map: map each element to a fixed-size array, then flatten.
-- ==
-- input { [1i32, 2i32] }
-- output { [1i32, 10i32, 2i32, 20i32] }
entry main (xs: []i32) : []i32 = flatten (map (\x -> [x, x * 10]) xs)
