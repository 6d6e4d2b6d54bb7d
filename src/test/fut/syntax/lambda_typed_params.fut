-- Lambdas with several typed parameters and a return type annotation.
-- ==
-- input { [2i32, 3i32] }
-- output { [4.0f64, 9.0f64] }
entry main (xs: []i32) : []f64 = map2 (\(x: i32) (y: f64) : f64 -> f64.i32 x * y) xs (map f64.i32 xs)
