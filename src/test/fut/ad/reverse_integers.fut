-- Reverse mode of integer code, as the reference differentiates it (integer adjoints): a map whose
-- function reads a free integer, and one whose function reads a free array of integers whole.
-- ==
-- entry: scaled
-- input { 3 [1, 2, 3] } output { 6 [3, 3, 3] }
entry scaled (k: i32) (xs: []i32) : (i32, []i32) =
  vjp (\(k, xs) -> i32.sum (map (\x -> k * x) xs)) (k, xs) 1

-- ==
-- entry: pairs
-- input { [1, 2, 3] } output { [12, 12, 12] }
entry pairs (xs: []i32) : []i32 =
  vjp (\xs -> i32.sum (map (\x -> i32.sum (map (\y -> x * y) xs)) xs)) xs 1
