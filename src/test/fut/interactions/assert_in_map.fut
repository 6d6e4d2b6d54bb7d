-- assert inside the lambda of a map, passing and failing.
-- ==
-- input { [1i32, 2i32] } output { [2i32, 4i32] }
-- input { [1i32, -1i32] } error: Assertion is false
entry main (xs: []i32) : []i32 = map (\x -> assert (x >= 0) (x * 2)) xs
