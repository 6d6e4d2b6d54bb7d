-- map producing a tuple of an array and a scalar, i.e. a 2-d array and a 1-d array.
-- ==
-- input { [1i32, 2i32] } output { [[1i32, 1i32, 1i32], [2i32, 2i32, 2i32]] [2i32, 4i32] }
-- input { empty([0]i32) } output { empty([0][3]i32) empty([0]i32) }
entry main (xs: []i32) : ([][3]i32, []i32) =
  unzip (map (\x -> (replicate 3 x, x * 2)) xs)
