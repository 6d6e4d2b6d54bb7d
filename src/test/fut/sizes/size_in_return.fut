-- A function whose return type mentions a size parameter.
-- ==
-- input { [2i32, 3i32] }
-- output { [2i32, 3i32] [4i32, 9i32] }
def pairs [n] (xs: [n]i32) : [n](i32, i32) = map (\x -> (x, x * x)) xs
entry main (xs: []i32) : ([]i32, []i32) = unzip (pairs xs)
